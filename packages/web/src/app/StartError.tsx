import { messages } from '@askbox/common';
import styles from './Splash.module.css';

/**
 * Shown instead of the routes when the app cannot learn who is signed in: offline (the shell
 * came from the service worker) or the server failing. The query retries by itself when the
 * network comes back; the button retries at once.
 */
export function StartError({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  return (
    <div className={styles.offline}>
      <img src="/images/logo.svg" alt="" width={72} height={72} />
      <h1 className={styles.offlineTitle}>{offline ? 'You are offline' : messages.somethingWentWrong}</h1>
      {offline && <p className="muted">Askbox will continue as soon as your connection is back.</p>}
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
