import type { AuditEntry } from '@askbox/common';
import { t } from '../../i18n';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useAuditLog } from './api';
import { auditDetailText } from './auditDetail';
import styles from './Team.module.css';

/** Who acted, as a reader says it: a username, the server's own timed end, or the command line. */
function actorText(actor: string): string {
  if (actor === ':server') return t('team.actors.server');
  if (actor === ':cli') return t('team.actors.cli');
  return `@${actor}`;
}

/** The audit log (admins), newest first, 20 a page with 'Load more'. Anonymous senders are never in it. */
export function AuditPanel() {
  const log = useAuditLog();
  if (log.isPending) return <Spinner label={t('team.auditLog')} />;
  if (log.isError) return <LoadError error={log.error} fallback={t('team.auditLoadError')} onRetry={() => void log.refetch()} />;
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) return <EmptyState title={t('team.noAudit')} />;
  return (
    <>
      <p className="muted">{t('team.auditIntro')}</p>
      <ol className={styles.list} aria-label={t('team.auditLog')}>
        {entries.map((entry) => (
          <li key={entry.id} className={`card ${styles.entry}`}>
            <AuditLine entry={entry} />
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <button type="button" className="btn btn-secondary btn-block" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('team.loadMore')}
        </button>
      )}
    </>
  );
}

function AuditLine({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <p className={styles.entryHead}>
        <strong>{t(`team.actions.${entry.action}`)}</strong>
        <time className="muted" dateTime={entry.createdAt}>
          {new Date(entry.createdAt).toLocaleString()}
        </time>
      </p>
      <p className={styles.entryLine}>
        {actorText(entry.actor)} · {t(`team.targetKinds.${entry.targetKind}`)}
        {entry.targetKind === 'account' ? ` @${entry.target}` : entry.targetKind === 'instance' ? '' : ` ${entry.target}`}
      </p>
      {entry.reason && <p className={styles.entryLine}>{t('team.reasonLine', { reason: entry.reason })}</p>}
      {entry.detail && <p className={`muted ${styles.entryLine}`}>{auditDetailText(entry)}</p>}
    </>
  );
}
