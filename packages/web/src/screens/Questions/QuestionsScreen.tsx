import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useInbox } from '../../features/questions/api';
import { InboxItem } from '../../features/questions/InboxItem';

/** /questions: unanswered questions received, newest first. */
export function QuestionsScreen() {
  const inbox = useInbox();
  const items = useInfiniteScroll(inbox);

  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navQuestions}</h1>
      {inbox.isPending ? (
        <Loading query={inbox} label="Loading questions" />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} fallback={messages.questionsLoadError} onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={messages.noQuestions} />
      ) : (
        <>
          {items.map((question) => (
            <InboxItem key={question.id} question={question} />
          ))}
          {inbox.hasNextPage && <LoadMoreFooter />}
        </>
      )}
    </div>
  );
}
