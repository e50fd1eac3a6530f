import { useId, useRef } from 'react';
import { FILTERED_KEEP_DAYS, type FilteredQuestion } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useFilteredAction, useFilteredQuestions } from './api';
import { ReceivedQuestionActions, ReceivedQuestionCard } from '../questions/ReceivedQuestionCard';
import { t } from '../../i18n';

/** The Questions screen's 'Filtered' view: what muted words kept out, each to delete or move to the inbox. */
export function FilteredList() {
  const list = useFilteredQuestions();
  const { items, pending } = useInfiniteScroll(list);
  return (
    <>
      <p className="muted">{t('filtered.intro', { count: FILTERED_KEEP_DAYS })}</p>
      {pending ? (
        <Loading query={list} label={t('loadingQuestions')} skeleton="question" />
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t('filtered.loadError')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={t('filtered.empty')} art="inbox" />
      ) : (
        <>
          {items.map((question) => (
            <FilteredItem key={question.id} question={question} />
          ))}
          {list.hasNextPage && <LoadMoreFooter />}
        </>
      )}
    </>
  );
}

function FilteredItem({ question }: { question: FilteredQuestion }) {
  const action = useFilteredAction();
  const dialogs = useDialogs();
  const card = useRef<HTMLElement>(null);
  const id = useId();

  const onDelete = async () => {
    if (!(await dialogs.confirm(t('confirmDeleteQuestion'), { confirmLabel: t('delete'), danger: true }))) return;
    focusAfterRemoval(card.current);
    action.mutate({ id: question.id, action: 'delete' }, { onError: () => void dialogs.alert(t('errorDeletingQuestion')) });
  };
  const onMove = () => {
    focusAfterRemoval(card.current);
    action.mutate({ id: question.id, action: 'toInbox' }, { onError: () => void dialogs.alert(t('filtered.moveError')) });
  };

  return (
    <ReceivedQuestionCard question={question} id={id} cardRef={card}>
      <ReceivedQuestionActions>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void onDelete()} disabled={action.isPending}>
          {t('delete')}
        </button>
        <button type="button" className="btn btn-primary btn-small" onClick={onMove} disabled={action.isPending}>
          {t('filtered.moveToInbox')}
        </button>
      </ReceivedQuestionActions>
    </ReceivedQuestionCard>
  );
}
