import type { Dashboard } from '@askbox/common';
import { t } from '../../i18n';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useDashboard, useSettleDelivery } from './api';
import styles from './Team.module.css';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The admins' dashboard: the instance at a glance, and the failed deliveries to retry or discard. */
export function DashboardPanel() {
  const board = useDashboard();
  if (board.isPending) return <Spinner label={t('team.dashboard')} />;
  if (board.isError) return <LoadError error={board.error} fallback={t('team.dashboardLoadError')} onRetry={() => void board.refetch()} />;
  const data = board.data;
  return (
    <>
      <dl className={`card ${styles.facts}`}>
        <div>
          <dt>{t('team.version')}</dt>
          <dd>{data.version}</dd>
        </div>
        <div>
          <dt>{t('team.database')}</dt>
          <dd>{t(`team.databaseKinds.${data.database}`)}</dd>
        </div>
        <div>
          <dt>{t('team.databaseSize')}</dt>
          <dd>{megabytes(data.databaseBytes)}</dd>
        </div>
        {data.mediaBytes !== null && (
          <div>
            <dt>{t('team.mediaSize')}</dt>
            <dd>{megabytes(data.mediaBytes)}</dd>
          </div>
        )}
        <div>
          <dt>{t('team.activePeople')}</dt>
          <dd>{data.activePeople}</dd>
        </div>
      </dl>
      <Days days={data.days} />
      <Deliveries queues={data.queues} />
    </>
  );
}

function Days({ days }: { days: Dashboard['days'] }) {
  return (
    <section className={`card ${styles.form}`} aria-labelledby="dashboard-days">
      <h2 id="dashboard-days" className="section-title">
        {t('team.perDay')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('team.day')}</th>
              <th scope="col">{t('team.signups')}</th>
              <th scope="col">{t('team.questions')}</th>
              <th scope="col">{t('team.answers')}</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                {/* day and month only: the four columns fit a phone's width (the year is this one, or the last) */}
                <th scope="row">{new Date(`${day.day}T12:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' })}</th>
                <td>{day.signups}</td>
                <td>{day.questions}</td>
                <td>{day.answers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Deliveries({ queues }: { queues: Dashboard['queues'] }) {
  const settle = useSettleDelivery();
  const dialogs = useDialogs();
  const onError = (error: unknown) => void dialogs.alert(errorMessage(error));
  return (
    <section aria-labelledby="dashboard-deliveries">
      <h2 id="dashboard-deliveries" className="section-title">
        {t('team.deliveries')}
      </h2>
      {queues.map((queue) => (
        <section key={queue.queue} className={`card ${styles.form}`} aria-label={t(`team.queueNames.${queue.queue}`)}>
          <h3 className={styles.queueTitle}>{t(`team.queueNames.${queue.queue}`)}</h3>
          <p className="muted">{t('team.queueCounts', { pending: queue.pending, retrying: queue.retrying, failed: queue.failed })}</p>
          {queue.failedItems.length === 0 ? (
            <p className="muted">{t('team.noFailed')}</p>
          ) : (
            <ul className={styles.list}>
              {queue.failedItems.map((item) => (
                <li key={item.id} className={styles.failedRow}>
                  <span>
                    <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time> · {t('team.failedAttempts', { count: item.attempts })}
                    {item.lastError && <span className={`muted ${styles.errorLine}`}>{item.lastError}</span>}
                  </span>
                  <span className={styles.failedActions}>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={settle.isPending}
                      onClick={() => settle.mutate({ queue: queue.queue, id: item.id, action: 'retry' }, { onError })}
                    >
                      {t('team.retry')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      disabled={settle.isPending}
                      onClick={async () => {
                        if (!(await dialogs.confirm(t('team.confirmDiscard'), { confirmLabel: t('team.discard'), danger: true }))) return;
                        settle.mutate({ queue: queue.queue, id: item.id, action: 'discard' }, { onError });
                      }}
                    >
                      {t('team.discard')}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
