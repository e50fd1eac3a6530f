import { useState } from 'react';
import { Link } from 'react-router';
import type { ModerationReport, ReportAction } from '@askbox/common';
import { relativeTimeText, t } from '../../i18n';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { errorMessage } from '../../api/client';
import { useAppeals, useBlockSender, useModerationQueue, useRemoveQuestions, useResolveReport, useRestoreAccount, useSuspendedAccounts } from './api';
import { SuspendDialog } from './SuspendDialog';
import { SenderBlocks } from './SenderBlocks';
import styles from './Moderation.module.css';

/**
 * The moderation screen body (admins and moderators): the open reports, oldest first (kept live
 * by the 'reports' event), each with its content, reason and resolutions (a suspension with a
 * reason and an optional end; 'Block this sender everywhere' for an anonymous question; removing an
 * account's questions from every inbox); then the open appeals and the suspended accounts with
 * 'Restore'. An anonymous question reads 'Anonymous', to moderators too.
 */
export function ModerationPanel() {
  const queue = useModerationQueue();
  return (
    <>
      <p className="muted">{t('moderationQueue.moderationIntro')}</p>
      {queue.isPending ? (
        <Spinner label={t('moderationQueue.moderation')} />
      ) : queue.isError ? (
        <LoadError error={queue.error} fallback={t('moderationQueue.reportsLoadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title={t('moderationQueue.noReports')} />
      ) : (
        <ul className={styles.list} aria-label={t('moderationQueue.moderation')}>
          {queue.data.items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
      <Appeals />
      <SuspendedAccounts />
      <SenderBlocks />
    </>
  );
}

function ReportCard({ report }: { report: ModerationReport }) {
  const resolve = useResolveReport();
  const blockSender = useBlockSender();
  const removeQuestions = useRemoveQuestions();
  const dialogs = useDialogs();
  const [suspending, setSuspending] = useState<HTMLElement | null>(null);
  const { content, account } = report;
  const canDelete = content.kind !== 'profile' && content.exists;
  const canSuspend = account !== null && !account.suspended;
  const canBlockSender = content.kind === 'question' && content.exists && content.isAnonymous;
  const busy = resolve.isPending || blockSender.isPending || removeQuestions.isPending;
  const onError = (error: unknown) => void dialogs.alert(errorMessage(error));

  const act = async (action: ReportAction, item: HTMLElement | null, terms?: { reason: string; until: string | null }) => {
    if (action === 'delete' && !(await dialogs.confirm(t('moderationQueue.confirmDelete'), { confirmLabel: t('moderationQueue.deleteContent'), danger: true })))
      return;
    // resolved, the report leaves the queue
    focusAfterRemoval(item);
    resolve.mutate({ id: report.id, action, ...terms }, { onError });
  };

  const onBlockSender = async (item: HTMLElement | null) => {
    if (!(await dialogs.confirm(t('team.confirmBlockSender'), { confirmLabel: t('team.blockSender'), danger: true }))) return;
    focusAfterRemoval(item);
    // blocked, the report leaves the queue (its card with it): that is the confirmation
    blockSender.mutate(report.id, { onError });
  };

  const onRemoveQuestions = async () => {
    if (!account) return;
    const confirmed = await dialogs.confirm(t('team.confirmRemoveQuestions', { username: account.username }), {
      confirmLabel: t('team.removeQuestions'),
      danger: true,
    });
    if (!confirmed) return;
    removeQuestions.mutate(account.username, { onSuccess: ({ removed }) => void dialogs.alert(t('team.questionsRemoved', { count: removed })), onError });
  };

  return (
    <article
      className={`card ${styles.report}`}
      aria-label={`${t('punctuation.colon', { label: t(`moderationQueue.kindLabel.${content.kind}`) })} ${reasonText(report)}`}
    >
      <p className={styles.meta}>
        <strong className={styles.reasonTag}>{reasonText(report)}</strong>
        <span className="muted">
          {t(`moderationQueue.kindLabel.${content.kind}`)} · {report.reporter ? t('moderationQueue.reportedBy', { username: report.reporter.username }) : ''} ·{' '}
          <time dateTime={report.createdAt}>{relativeTimeText(report.createdAt)}</time>
        </span>
      </p>
      {report.details && <p className={styles.details}>{t('punctuation.quoted', { text: report.details })}</p>}
      <div className={styles.content}>
        {!content.exists ? (
          <p className="muted">{t('moderationQueue.contentGone')}</p>
        ) : content.kind === 'profile' ? (
          content.owner && <UserLink user={content.owner} />
        ) : (
          <>
            <p className={styles.line}>
              <span className="muted">{t('punctuation.colon', { label: t('moderationQueue.from') })} </span>
              {content.sender ? (
                <UserLink user={content.sender} />
              ) : content.remoteSender ? (
                // a reply from the fediverse: its author's handle, no link, no picture
                <span>
                  {content.remoteSender.name && `${content.remoteSender.name} `}
                  <span className="muted">{content.remoteSender.handle}</span>
                </span>
              ) : (
                <span>{t('anonymous')}</span>
              )}
              <span className="muted"> · {t('punctuation.colon', { label: t('moderationQueue.to') })} </span>
              {content.owner && <UserLink user={content.owner} />}
            </p>
            <p className={styles.question}>{content.question}</p>
            {content.answer !== null && <p className={styles.answer}>{content.answer}</p>}
          </>
        )}
      </div>
      {account && (
        <p className={styles.line}>
          <span className="muted">{t('punctuation.colon', { label: t('moderationQueue.account') })} </span>
          <UserLink user={account} /> {account.suspended && <span className={styles.suspendedTag}>{t('moderationQueue.suspendedTag')}</span>}
        </p>
      )}
      {report.sameItemOpen > 0 && <p className="muted">{t('moderationQueue.otherReports', { count: report.sameItemOpen })}</p>}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={(event) => void act('dismiss', event.currentTarget.closest('li'))}
          disabled={resolve.isPending}
        >
          {t('moderationQueue.dismiss')}
        </button>
        {canDelete && (
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={(event) => void act('delete', event.currentTarget.closest('li'))}
            disabled={resolve.isPending}
          >
            {t('moderationQueue.deleteContent')}
          </button>
        )}
        {canBlockSender && (
          <button type="button" className="btn btn-danger btn-small" onClick={(event) => void onBlockSender(event.currentTarget.closest('li'))} disabled={busy}>
            {t('team.blockSender')}
          </button>
        )}
        {account && (
          <button type="button" className="btn btn-danger btn-small" onClick={() => void onRemoveQuestions()} disabled={busy}>
            {t('team.removeQuestions')}
          </button>
        )}
        {canSuspend && (
          <button type="button" className="btn btn-danger btn-small" onClick={(event) => setSuspending(event.currentTarget.closest('li'))} disabled={busy}>
            {t('moderationQueue.suspendAccount')}
          </button>
        )}
      </div>
      {suspending && account && (
        <SuspendDialog
          username={account.username}
          onClose={() => setSuspending(null)}
          onSuspend={(reason, until) => {
            const item = suspending;
            setSuspending(null);
            void act('suspend', item, { reason, until });
          }}
        />
      )}
    </article>
  );
}

function UserLink({ user }: { user: { username: string; fullname: string } }) {
  return (
    <Link to={`/u/${user.username}`}>
      {user.fullname} <span className="muted">@{user.username}</span>
    </Link>
  );
}

function SuspendedAccounts() {
  const suspended = useSuspendedAccounts();
  const restore = useRestoreAccount();
  const dialogs = useDialogs();
  return (
    <section aria-labelledby="moderation-suspended" className={styles.suspended}>
      <h2 id="moderation-suspended" className="section-title">
        {t('moderationQueue.suspendedAccounts')}
      </h2>
      {suspended.isPending ? (
        <Spinner size={20} label={t('moderationQueue.suspendedAccounts')} />
      ) : !suspended.data || suspended.data.length === 0 ? (
        <p className="muted">{t('moderationQueue.noSuspended')}</p>
      ) : (
        <ul className={styles.list}>
          {suspended.data.map((user) => (
            <li key={user.id} className={`card ${styles.suspendedRow}`}>
              <span>
                {user.fullname} <span className="muted">@{user.username}</span>
                {user.reason && <span className={styles.termLine}>{t('team.reasonLine', { reason: user.reason })}</span>}
                {user.until && <span className={`muted ${styles.termLine}`}>{t('team.untilLine', { until: new Date(user.until).toLocaleString() })}</span>}
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={restore.isPending}
                onClick={async () => {
                  if (
                    !(await dialogs.confirm(t('moderationQueue.confirmRestore', { username: user.username }), { confirmLabel: t('moderationQueue.restore') }))
                  )
                    return;
                  restore.mutate(user.username, {
                    onSuccess: () => void dialogs.alert(t('moderationQueue.restored', { username: user.username })),
                    onError: (error) => void dialogs.alert(errorMessage(error)),
                  });
                }}
              >
                {t('moderationQueue.restore')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reason, or the instance rule the reporter named. */
const reasonText = (report: ModerationReport) => (report.rule ? t('instance.ruleReason', { rule: report.rule }) : t(`moderation.reasons.${report.reason}`));

/** The open appeals of suspended people, oldest first; an appeal closes when its account is restored. */
function Appeals() {
  const appeals = useAppeals();
  if (!appeals.data || appeals.data.length === 0) {
    return (
      <section aria-labelledby="moderation-appeals" className={styles.suspended}>
        <h2 id="moderation-appeals" className="section-title">
          {t('team.appeals')}
        </h2>
        {appeals.isPending ? <Spinner size={20} label={t('team.appeals')} /> : <p className="muted">{t('team.noAppeals')}</p>}
      </section>
    );
  }
  return (
    <section aria-labelledby="moderation-appeals" className={styles.suspended}>
      <h2 id="moderation-appeals" className="section-title">
        {t('team.appeals')}
      </h2>
      <ul className={styles.list}>
        {appeals.data.map((appeal) => (
          <li key={appeal.id}>
            <article className={`card ${styles.report}`} aria-label={t('team.appealFrom', { username: appeal.user.username })}>
              <p className={styles.meta}>
                <strong>{t('team.appealFrom', { username: appeal.user.username })}</strong>
                <time className="muted" dateTime={appeal.createdAt}>
                  {relativeTimeText(appeal.createdAt)}
                </time>
              </p>
              {appeal.reason && <p className="muted">{t('team.reasonLine', { reason: appeal.reason })}</p>}
              <p className={styles.question}>{t('punctuation.quoted', { text: appeal.text })}</p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
