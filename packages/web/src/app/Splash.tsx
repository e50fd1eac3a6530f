import styles from './Splash.module.css';
import { t } from '../i18n';

/** The logo screen shown while the auth state loads (at least 2 s, then a 0.5 s fade). */
export function Splash({ fading }: { fading: boolean }) {
  return (
    <div className={`${styles.splash} ${fading ? styles.fading : ''}`} role="status" aria-label={t('loadingAskbox')} aria-hidden={fading}>
      <img src="/images/logo.svg" alt="" width={96} height={96} />
      <p className={styles.name}>{t('appName')}</p>
    </div>
  );
}
