import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
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

/**
 * Keeps the page's top clear of the fixed banner: its height (one line or three, by language and
 * width) becomes `--top-banner-height` on the document, which the body's padding uses, so the
 * screen's title is pushed down instead of hidden.
 */
function useReservedHeight(banner: RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const element = banner.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() => root.style.setProperty('--top-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--top-banner-height');
    };
  }, [banner, shown]);
}

/** Says so when the network is gone (the app shell still opens from the service worker). */
export function OfflineBanner() {
  const online = useOnline();
  const banner = useRef<HTMLDivElement>(null);
  useLocale(); // outside the routes: re-render on a new language
  useReservedHeight(banner, !online);
  if (online) return null;
  return (
    <div ref={banner} className={styles.banner} role="status">
      <WifiOff size={18} aria-hidden />
      <span>{t('offlineBanner')}</span>
    </div>
  );
}
