import { useEffect, useRef } from 'react';
import type { Answer } from '@askbox/common';
import { useLocation, useParams } from 'react-router';

import { ApiError } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { Loading } from '../../components/Loading';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { usePinAnswer, usePinnedAnswers, useDeleteAnswer, useProfileAnswers } from './api';
import { errorMessage } from '../../api/client';
import { AnswerCard } from './AnswerCard';
import { t } from '../../i18n';

/** A profile's answered questions, newest first, 20 a page with infinite scroll. */
export function AnswersList({ username, isOwnProfile }: { username: string; isOwnProfile: boolean }) {
  const answers = useProfileAnswers(username);
  const pinned = usePinnedAnswers(username);
  const pin = usePinAnswer(username);
  const deleteAnswer = useDeleteAnswer();
  const dialogs = useDialogs();
  const { items: shown, pending } = useInfiniteScroll(answers);
  useScrollToAnswerAnchor(answers, pending);

  if (pending) return <Loading query={answers} label={t('loadingAnswers')} skeleton="answer" />;
  if (answers.isError) {
    // across a block the profile screen shows the block state; nothing to list here
    if (answers.error instanceof ApiError && answers.error.status === 403) return null;
    return <LoadError error={answers.error} fallback={t('answersLoadError')} onRetry={() => void answers.refetch()} />;
  }

  const onDelete = async (answerId: string) => {
    if (!(await dialogs.confirm(t('confirmDeleteAnswer'), { confirmLabel: t('delete'), danger: true }))) return;
    focusAfterRemoval(document.getElementById(`post-${answerId}`));
    deleteAnswer.mutate(answerId, { onError: () => void dialogs.alert(t('errorDeletingQuestion')) });
  };

  const togglePin = (answer: Answer) =>
    pin.mutate({ answerId: answer.id, pinned: !answer.pinned }, { onError: (error) => void dialogs.alert(errorMessage(error)) });
  // the owner's answers have Delete and Pin; everyone else's, the menu's Share and Report
  const card = (answer: Answer, pinnedCopy = false) => (
    <AnswerCard
      key={answer.id}
      answer={answer}
      showReceiver={false}
      pinnedCopy={pinnedCopy}
      onDelete={isOwnProfile ? () => void onDelete(answer.id) : undefined}
      onTogglePin={isOwnProfile ? () => togglePin(answer) : undefined}
    />
  );
  const pinnedAnswers = pinned.data?.items ?? [];

  return (
    <>
      {pinnedAnswers.length > 0 && (
        <section aria-label={t('pinnedAnswers')}>
          <h3 className="section-title">{t('pinnedAnswers')}</h3>
          {pinnedAnswers.map((answer) => card(answer, true))}
        </section>
      )}
      {/* the section stays when the last answer is deleted: focus goes to its empty state */}
      <section aria-label={t('answers')}>
        {shown.length === 0 ? <EmptyState title={t('noAnswersNow')} art="answers" /> : shown.map((answer) => card(answer))}
        {answers.hasNextPage && <LoadMoreFooter />}
      </section>
    </>
  );
}

/**
 * Opening /u/{username}#post-{id} or /u/{username}/answers/{id} (the address share cards and the
 * fediverse use) scrolls to that answer, loading pages until it is found.
 */
function useScrollToAnswerAnchor(answers: ReturnType<typeof useProfileAnswers>, pending: boolean) {
  const { hash: fragment } = useLocation();
  const { answerId } = useParams();
  const hash = answerId ? `#post-${encodeURIComponent(answerId)}` : fragment;
  const handled = useRef<string | null>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = answers;
  useEffect(() => {
    // `pending` until the list is on screen (its first page renders in the background, decision 183)
    if (!hash.startsWith('#post-') || handled.current === hash || !data || pending) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (element) {
      handled.current = hash;
      element.scrollIntoView({ block: 'start' });
      element.focus?.();
    } else if (hasNextPage) {
      if (!isFetchingNextPage) void fetchNextPage();
    } else {
      handled.current = hash; // not on this profile (deleted?): stay at the top
    }
  }, [hash, data, pending, hasNextPage, isFetchingNextPage, fetchNextPage]);
}
