import { RefreshCw } from 'lucide-react';

import { applyUpdate, useUpdateAvailable } from './api';
import styles from './OfflineBanner.module.css';
import { t, useLocale } from '../../i18n';

/** A new version of the app is installed: say so and let the user reload when it suits them. */
export function UpdateBanner() {
  const available = useUpdateAvailable();
  useLocale(); // outside the routes: re-render on a new language
  if (!available) return null;
  return (
    <div className={`${styles.banner} ${styles.update}`} role="status">
      <RefreshCw size={18} aria-hidden />
      <span>{t('newVersionAvailable')}</span>
      <button type="button" className={styles.action} onClick={applyUpdate}>
        {t('reload')}
      </button>
    </div>
  );
}
