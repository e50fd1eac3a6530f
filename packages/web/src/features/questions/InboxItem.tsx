import { useId, useRef, useState, type FormEvent } from 'react';
import { clampText, isBlankText, type InboxQuestion } from '@askbox/common';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { useMaxTextLength } from '../session/api';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { collapseAway } from '../../components/leaving';
import { BlockAskerButton } from '../safety/BlockAskerButton';
import { RemoteAskerBlock } from '../federation/RemoteAskerBlock';
import { ReportButton } from '../moderation/ReportButton';
import { announceAnswered } from '../sharing/api';
import { ApiError, errorMessage } from '../../api/client';
import { AnswerExtrasFields, answerExtrasBody, answerExtrasReady, emptyAnswerExtras, type AnswerExtrasDraft } from '../answerExtras/AnswerExtrasFields';
import { PublishToFollowersField } from '../answerExtras/PublishToFollowersField';
import { useAnswerQuestion, useDeleteQuestion } from './api';
import { ReceivedQuestionActions, ReceivedQuestionCard } from './ReceivedQuestionCard';
import styles from './ReceivedQuestion.module.css';
import { t } from '../../i18n';

const PICTURE_REFUSALS = new Set(['invalid_image', 'file_too_large', 'no_file', 'rate_limited']);

/** One unanswered question with 'Answer' (a reply of up to the instance's text limit, 300 by default) and 'Delete'. */
export function InboxItem({ question }: { question: InboxQuestion }) {
  const [answering, setAnswering] = useState(false);
  const [answer, setAnswer] = useState('');
  const maxTextLength = useMaxTextLength();
  const [extras, setExtras] = useState<AnswerExtrasDraft>(emptyAnswerExtras);
  // a followers-only or direct fediverse post: the answer goes to its asker alone unless published too (decision 332)
  const canPublish = question.remoteSender?.privatePost === true;
  const [publishToFollowers, setPublishToFollowers] = useState(false);
  const answerQuestion = useAnswerQuestion();
  const deleteQuestion = useDeleteQuestion();
  const dialogs = useDialogs();
  const id = useId();
  const blank = isBlankText(answer);
  const answerButton = useRef<HTMLButtonElement>(null);
  const card = useRef<HTMLElement>(null);
  // Cancel or Escape: the box closes (the draft stays for next time) and focus goes back to 'Answer'
  const closeAnswer = () => {
    setAnswering(false);
    requestAnimationFrame(() => answerButton.current?.focus());
  };

  const onAnswer = (event: FormEvent) => {
    event.preventDefault();
    if (blank || !answerExtrasReady(extras) || answerQuestion.isPending) return;
    // answered, the question leaves the inbox: focus goes on to the next one
    focusAfterRemoval(card.current);
    answerQuestion.mutate(
      { id: question.id, answer, ...answerExtrasBody(extras), ...(canPublish && publishToFollowers ? { publishToFollowers: true } : {}) },
      {
        onSuccess: () => {
          collapseAway(card.current);
          announceAnswered(question.id);
        },
        // a refused picture says why (not a picture, too large); anything else as before
        onError: (error) =>
          void dialogs.alert(error instanceof ApiError && error.code && PICTURE_REFUSALS.has(error.code) ? errorMessage(error) : t('errorSendingResponse')),
      },
    );
  };

  const onDelete = async () => {
    if (!(await dialogs.confirm(t('confirmDeleteQuestion'), { confirmLabel: t('delete'), danger: true }))) return;
    focusAfterRemoval(card.current);
    deleteQuestion.mutate(question.id, { onSuccess: () => collapseAway(card.current), onError: () => void dialogs.alert(t('errorDeletingQuestion')) });
  };

  return (
    <ReceivedQuestionCard
      question={question}
      id={id}
      cardRef={card}
      tinted
      fromActions={
        <>
          {question.canBlockAsker && <BlockAskerButton questionId={question.id} />}
          {question.remoteSender && <RemoteAskerBlock asker={question.remoteSender} />}
        </>
      }
    >
      {answering ? (
        <form
          onSubmit={onAnswer}
          className={styles.form}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            closeAnswer();
          }}
        >
          <label htmlFor={`${id}-answer`} className="visually-hidden">
            {t('yourAnswer')}
          </label>
          <textarea
            id={`${id}-answer`}
            className="textarea"
            placeholder={t('yourAnswer')}
            value={answer}
            onChange={(e) => setAnswer(clampText(e.target.value, maxTextLength))}
            aria-describedby={`${id}-count`}
            autoFocus
          />
          <RemainingCharacters id={`${id}-count`} text={answer} max={maxTextLength} />
          <AnswerExtrasFields id={id} draft={extras} onChange={setExtras} />
          {canPublish && <PublishToFollowersField id={id} checked={publishToFollowers} onChange={setPublishToFollowers} />}
          {/* why Send waits, said beside it rather than after a refusal */}
          {!answerExtrasReady(extras) && (
            <p className="muted" id={`${id}-send-waits`}>
              {t('errors.picture_alt_required')}
            </p>
          )}
          <ReceivedQuestionActions>
            <button type="button" className="btn btn-secondary btn-small" onClick={closeAnswer}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-primary btn-small"
              disabled={blank || !answerExtrasReady(extras) || answerQuestion.isPending}
              aria-describedby={answerExtrasReady(extras) ? undefined : `${id}-send-waits`}
            >
              {t('sendAnswer')}
            </button>
          </ReceivedQuestionActions>
        </form>
      ) : (
        <ReceivedQuestionActions>
          <ReportButton kind="question" target={question.id} look="text" />
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void onDelete()} disabled={deleteQuestion.isPending}>
            {t('delete')}
          </button>
          <button ref={answerButton} type="button" className="btn btn-primary btn-small" onClick={() => setAnswering(true)}>
            {t('answer')}
          </button>
        </ReceivedQuestionActions>
      )}
    </ReceivedQuestionCard>
  );
}
