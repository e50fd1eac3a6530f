import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useInbox } from '../../features/questions/api';
import { InboxItem } from '../../features/questions/InboxItem';
import { LoadMoreFooter } from '../../features/answers/LoadMoreFooter';
import { useLoadMoreOnScroll } from '../../features/answers/useLoadMoreOnScroll';
import { LoadError } from '../../components/LoadError';

/** /questions: unanswered questions received, newest first. */
export function QuestionsScreen() {
  const inbox = useInbox();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = inbox;
  useLoadMoreOnScroll({ hasMore: hasNextPage, loading: isFetchingNextPage || inbox.isPending, loadMore: () => void fetchNextPage() });
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navQuestions}</h1>
      {inbox.isPending ? (
        <Spinner label="Loading questions" />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} fallback={messages.questionsLoadError} onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={messages.noQuestions} />
      ) : (
        <>
          {items.map((question) => (
            <InboxItem key={question.id} question={question} />
          ))}
          {hasNextPage && <LoadMoreFooter />}
        </>
      )}
    </div>
  );
}
