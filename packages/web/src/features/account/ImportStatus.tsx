import { importPercent, isErrorCode, type AccountImport } from '@askbox/common';
import { settingsExplanation } from '../../components/SettingsSection';
import { t, translateError } from '../../i18n';
import styles from './Account.module.css';

interface ImportStatusProps {
  /** the latest import, as the server last said */
  job: AccountImport | null;
  /** the file is being sent and checked */
  checking: boolean;
  /** why the file was refused (its text, in the user's language) */
  refusal: string | null;
}

/** Why an import stopped, from its error code. */
const reasonOf = (code: string | null) => (code && isErrorCode(code) ? translateError({ code }) : t('somethingWentWrong'));

/**
 * What Settings › Account says of the import: the file being checked, its refusal, the progress
 * (a progress bar and its words), the result with the accounts to follow again, or why it stopped.
 * A polite live region: a screen reader hears each change without losing its place.
 */
export function ImportStatus({ job, checking, refusal }: ImportStatusProps) {
  return (
    <div className={styles.importStatus} role="status" aria-live="polite">
      {checking ? <p>{t('archive.checking')}</p> : refusal ? <p className={styles.importError}>{refusal}</p> : job ? <JobState job={job} /> : null}
    </div>
  );
}

function JobState({ job }: { job: AccountImport }) {
  const percent = importPercent(job);
  switch (job.status) {
    case 'queued':
    case 'running':
      return (
        <>
          <p id="import-progress-text">
            {job.status === 'queued' ? t('archive.queued') : t('archive.progress', { done: job.itemsDone, total: job.itemsTotal, percent })}
          </p>
          <progress
            className={styles.importProgress}
            max={100}
            value={percent}
            aria-label={t('archive.progressLabel')}
            aria-describedby="import-progress-text"
          />
        </>
      );
    case 'failed':
      return <p className={styles.importError}>{t('archive.failed', { reason: reasonOf(job.error) })}</p>;
    case 'done':
      return (
        <>
          <p>{t('archive.done', { added: job.added, done: job.itemsDone })}</p>
          {job.following.length > 0 && (
            <section aria-labelledby="import-following-title">
              <h3 id="import-following-title" className={styles.importFollowingTitle}>
                {t('archive.followingTitle')}
              </h3>
              <p className={settingsExplanation}>{t('archive.followingHint')}</p>
              <ul className={styles.importFollowing}>
                {job.following.map((account) => (
                  <li key={account.handle}>
                    {account.name ? `${account.name} ` : ''}
                    <span className={styles.importHandle}>{account.handle}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      );
  }
}
