import { BackButton } from '../../components/BackButton';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useAskedQuestions } from '../../features/questions/api';
import { AskedQuestionItem } from '../../features/questions/AskedQuestionItem';
import styles from '../Settings/Settings.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** /settings/questions-asked: the questions the viewer asked, newest first, answered or not. */
export function QuestionsAskedScreen() {
  useDocumentTitle(t('titles.questionsAsked'));
  const asked = useAskedQuestions();
  const { items, pending } = useInfiniteScroll(asked);
  return (
    <div className="screen">
      <header className={styles.header}>
        <BackButton fallback="/settings" />
        <h1 className={styles.title}>{t('asked.title')}</h1>
      </header>
      {pending ? (
        <Loading query={asked} label={t('asked.loading')} skeleton="question" />
      ) : asked.isError ? (
        <LoadError error={asked.error} fallback={t('asked.loadError')} onRetry={() => void asked.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('asked.empty')} />
      ) : (
        <>
          {items.map((question) => (
            <AskedQuestionItem key={question.id} question={question} />
          ))}
          {asked.hasNextPage && <LoadMoreFooter />}
        </>
      )}
    </div>
  );
}
