import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useInbox } from '../../features/questions/api';
import { InboxItem } from '../../features/questions/InboxItem';
import { SharePrompt } from '../../features/sharing/SharePrompt';
import { t, useDocumentTitle } from '../../i18n';

/** /questions: unanswered questions received, newest first. */
export function QuestionsScreen() {
  useDocumentTitle(t('titles.questions'));
  const inbox = useInbox();
  const { items, pending } = useInfiniteScroll(inbox);

  return (
    <div className="screen">
      <h1 className="screen-title">{t('navQuestions')}</h1>
      <SharePrompt />
      {pending ? (
        <Loading query={inbox} label={t('loadingQuestions')} skeleton="question" />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} fallback={t('questionsLoadError')} onRetry={() => void inbox.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('noQuestions')} />
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
