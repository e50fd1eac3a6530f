import { useId, useState, type FormEvent } from 'react';
import { isBlankText, textLength, type Answer, type Reply } from '@askbox/common';
import { errorMessage } from '../../api/client';
import { ActionsMenu, type MenuAction } from '../../components/ActionsMenu';
import { ErrorList } from '../../components/Field';
import { RemainingCharacters } from '../../components/RemainingCharacters';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { LoadError } from '../../components/LoadError';
import { useMaxTextLength } from '../session/api';
import { MentionText } from '../answers/MentionText';
import { relativeTimeText, t } from '../../i18n';
import { useReportDialog } from '../moderation/ReportButton';
import { useReplyAction, useReplyThread, useSendReply } from './api';
import { ReplyAuthor, replyAuthorName } from './ReplyAuthor';
import styles from './Replies.module.css';

/**
 * The thread under an answer (decision 358): its replies, newest last, a page at a time, and the
 * reply form when the owner lets the viewer reply. Opened from the answer card.
 */
export function ReplyThread({ answer, id }: { answer: Answer; id: string }) {
  const thread = useReplyThread(answer.id, true);
  const first = thread.data?.pages[0];
  const replies = thread.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section id={id} className={styles.thread} aria-label={t('repliesTo', { username: answer.receiver.username })}>
      {thread.isPending ? (
        <Spinner size={20} label={t('loading')} />
      ) : thread.isError ? (
        <LoadError error={thread.error} onRetry={() => void thread.refetch()} />
      ) : !first?.open ? (
        <p className="muted">{t('repliesOff')}</p>
      ) : (
        <>
          {replies.length === 0 ? (
            <p className="muted">{t('noRepliesYet')}</p>
          ) : (
            <ul className={styles.list}>
              {replies.map((reply) => (
                <ReplyItem key={reply.id} reply={reply} />
              ))}
            </ul>
          )}
          {thread.hasNextPage && (
            <button type="button" className="btn btn-secondary btn-small" disabled={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
              {t('moreReplies')}
            </button>
          )}
          {first.mayReply && <ReplyForm answerId={answer.id} />}
        </>
      )}
    </section>
  );
}

function ReplyItem({ reply }: { reply: Reply }) {
  const dialogs = useDialogs();
  const report = useReportDialog('reply', reply.id);
  const mine = reply.canDelete && !reply.canHide;
  const action = useReplyAction(reply.answerId);
  const run = (kind: 'delete' | 'hide') => action.mutate({ reply, action: kind }, { onError: (error) => void dialogs.alert(errorMessage(error)) });
  const actions: MenuAction[] = [
    ...(reply.canHide ? [{ label: t('hideReply'), onSelect: () => run('hide') }] : []),
    ...(reply.canDelete
      ? [
          {
            label: t('deleteReply'),
            danger: true,
            onSelect: () =>
              void dialogs.confirm(t('confirmDeleteReply'), { confirmLabel: t('delete'), danger: true }).then((sure) => {
                if (sure) run('delete');
              }),
          },
        ]
      : []),
    // anyone else's reply may be reported (the owner's own, too, by the others in the thread)
    ...(mine ? [] : [{ label: report.label, onSelect: report.open }]),
  ];
  return (
    <li className={styles.reply} aria-label={t('replyBy', { username: replyAuthorName(reply) })}>
      <ReplyAuthor reply={reply} />
      <p className={styles.text}>
        <MentionText text={reply.text} />
      </p>
      <div className={styles.meta}>
        <time dateTime={reply.createdAt} className="muted">
          {relativeTimeText(reply.createdAt)}
        </time>
        {actions.length > 0 && <ActionsMenu actions={actions} />}
        {report.dialog}
      </div>
    </li>
  );
}

function ReplyForm({ answerId }: { answerId: string }) {
  const max = useMaxTextLength();
  const [text, setText] = useState('');
  const send = useSendReply(answerId);
  const fieldId = useId();
  const counterId = `${fieldId}-count`;
  const tooLong = textLength(text) > max;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlankText(text) || tooLong) return;
    send.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('writeReply')}
      </label>
      <textarea
        id={fieldId}
        className="textarea"
        rows={2}
        placeholder={t('writeReply')}
        value={text}
        aria-describedby={counterId}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.formFooter}>
        <RemainingCharacters id={counterId} text={text} max={max} />
        <button type="submit" className="btn btn-primary" disabled={isBlankText(text) || tooLong || send.isPending}>
          {t('sendReply')}
        </button>
      </div>
      <ErrorList errors={send.error ? [errorMessage(send.error)] : null} />
    </form>
  );
}
