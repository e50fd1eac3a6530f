import { useSyncExternalStore } from 'react';
import { WifiOff } from 'lucide-react';
import styles from './OfflineBanner.module.css';
import { t, useLocale } from '../../i18n';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Says so when the network is gone (the app shell still opens from the service worker). */
export function OfflineBanner() {
  const online = useOnline();
  useLocale(); // outside the routes: re-render on a new language
  if (online) return null;
  return (
    <div className={styles.banner} role="status">
      <WifiOff size={18} aria-hidden />
      <span>{t('offlineBanner')}</span>
    </div>
  );
}
