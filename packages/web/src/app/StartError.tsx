import styles from './Splash.module.css';
import { t } from '../i18n';

/**
 * Shown instead of the routes when the app cannot learn who is signed in: offline (the shell
 * came from the service worker) or the server failing. The query retries by itself when the
 * network comes back; the button retries at once.
 */
export function StartError({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  return (
    <div className={styles.offline}>
      <img src="/images/logo.svg" alt="" width={72} height={72} />
      <h1 className={styles.offlineTitle}>{offline ? t('offlineTitle') : t('somethingWentWrong')}</h1>
      {offline && <p className="muted">{t('offlineContinue')}</p>}
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}
