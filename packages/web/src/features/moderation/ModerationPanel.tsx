import { Link } from 'react-router';
import type { ModerationReport, ReportAction } from '@askbox/common';
import { relativeTimeText, t } from '../../i18n';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { errorMessage } from '../../api/client';
import { useModerationQueue, useResolveReport, useRestoreAccount, useSuspendedAccounts } from './api';
import styles from './Moderation.module.css';

/**
 * The admins' moderation screen body: the open reports, oldest first (kept live by the
 * 'reports' event), each with its content, reason and the three resolutions; then the
 * suspended accounts with 'Restore'. An anonymous question reads 'Anonymous', to admins too.
 */
export function ModerationPanel() {
  const queue = useModerationQueue();
  return (
    <>
      <p className="muted">{t('moderation.moderationIntro')}</p>
      {queue.isPending ? (
        <Spinner label={t('moderation.moderation')} />
      ) : queue.isError ? (
        <LoadError error={queue.error} fallback={t('moderation.reportsLoadError')} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <EmptyState title={t('moderation.noReports')} />
      ) : (
        <ul className={styles.list} aria-label={t('moderation.moderation')}>
          {queue.data.items.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} />
            </li>
          ))}
        </ul>
      )}
      <SuspendedAccounts />
    </>
  );
}

function ReportCard({ report }: { report: ModerationReport }) {
  const resolve = useResolveReport();
  const dialogs = useDialogs();
  const { content, account } = report;
  const canDelete = content.kind !== 'profile' && content.exists;
  const canSuspend = account !== null && !account.suspended;

  const act = async (action: ReportAction, item: HTMLElement | null) => {
    if (action === 'delete' && !(await dialogs.confirm(t('moderation.confirmDelete'), { confirmLabel: t('moderation.deleteContent'), danger: true }))) return;
    if (
      action === 'suspend' &&
      account &&
      !(await dialogs.confirm(t('moderation.confirmSuspend', { username: account.username }), { confirmLabel: t('moderation.suspendAccount'), danger: true }))
    )
      return;
    // resolved, the report leaves the queue
    focusAfterRemoval(item);
    resolve.mutate({ id: report.id, action }, { onError: (error) => void dialogs.alert(errorMessage(error)) });
  };

  return (
    <article
      className={`card ${styles.report}`}
      aria-label={`${t('punctuation.colon', { label: t(`moderation.kindLabel.${content.kind}`) })} ${reasonText(report)}`}
    >
      <p className={styles.meta}>
        <strong className={styles.reasonTag}>{reasonText(report)}</strong>
        <span className="muted">
          {t(`moderation.kindLabel.${content.kind}`)} · {report.reporter ? t('moderation.reportedBy', { username: report.reporter.username }) : ''} ·{' '}
          <time dateTime={report.createdAt}>{relativeTimeText(report.createdAt)}</time>
        </span>
      </p>
      {report.details && <p className={styles.details}>{t('punctuation.quoted', { text: report.details })}</p>}
      <div className={styles.content}>
        {!content.exists ? (
          <p className="muted">{t('moderation.contentGone')}</p>
        ) : content.kind === 'profile' ? (
          content.owner && <UserLink user={content.owner} />
        ) : (
          <>
            <p className={styles.line}>
              <span className="muted">{t('punctuation.colon', { label: t('moderation.from') })} </span>
              {content.sender ? <UserLink user={content.sender} /> : <span>{t('anonymous')}</span>}
              <span className="muted"> · {t('punctuation.colon', { label: t('moderation.to') })} </span>
              {content.owner && <UserLink user={content.owner} />}
            </p>
            <p className={styles.question}>{content.question}</p>
            {content.answer !== null && <p className={styles.answer}>{content.answer}</p>}
          </>
        )}
      </div>
      {account && (
        <p className={styles.line}>
          <span className="muted">{t('punctuation.colon', { label: t('moderation.account') })} </span>
          <UserLink user={account} /> {account.suspended && <span className={styles.suspendedTag}>{t('moderation.suspendedTag')}</span>}
        </p>
      )}
      {report.sameItemOpen > 0 && <p className="muted">{t('moderation.otherReports', { count: report.sameItemOpen })}</p>}
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={(event) => void act('dismiss', event.currentTarget.closest('li'))}
          disabled={resolve.isPending}
        >
          {t('moderation.dismiss')}
        </button>
        {canDelete && (
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={(event) => void act('delete', event.currentTarget.closest('li'))}
            disabled={resolve.isPending}
          >
            {t('moderation.deleteContent')}
          </button>
        )}
        {canSuspend && (
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={(event) => void act('suspend', event.currentTarget.closest('li'))}
            disabled={resolve.isPending}
          >
            {t('moderation.suspendAccount')}
          </button>
        )}
      </div>
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
        {t('moderation.suspendedAccounts')}
      </h2>
      {suspended.isPending ? (
        <Spinner size={20} label={t('moderation.suspendedAccounts')} />
      ) : !suspended.data || suspended.data.length === 0 ? (
        <p className="muted">{t('moderation.noSuspended')}</p>
      ) : (
        <ul className={styles.list}>
          {suspended.data.map((user) => (
            <li key={user.id} className={`card ${styles.suspendedRow}`}>
              <span>
                {user.fullname} <span className="muted">@{user.username}</span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                disabled={restore.isPending}
                onClick={async () => {
                  if (!(await dialogs.confirm(t('moderation.confirmRestore', { username: user.username }), { confirmLabel: t('moderation.restore') }))) return;
                  restore.mutate(user.username, {
                    onSuccess: () => void dialogs.alert(t('moderation.restored', { username: user.username })),
                    onError: (error) => void dialogs.alert(errorMessage(error)),
                  });
                }}
              >
                {t('moderation.restore')}
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
