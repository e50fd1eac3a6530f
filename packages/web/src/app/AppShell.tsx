import { lazy, Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TabBar } from '../features/navigation/TabBar';
import { useScrollPerScreen } from './useScrollPerScreen';
import { LiveUpdates } from '../features/live/LiveUpdates';
import { AccountLocale } from '../features/locale/AccountLocale';
import { AccountTheme } from '../features/theme/AccountTheme';
import { InstallPrompt } from '../features/pwa/InstallPrompt';
import styles from './AppShell.module.css';
import { t } from '../i18n';

// the admins' banner, rarely there: its code loads after the first screen's (decision 147)
const AnnouncementBanner = lazy(() => import('../features/instance/AnnouncementBanner').then((m) => ({ default: m.AnnouncementBanner })));

/**
 * The shared navigation wrapper of the main screens: 500 px column and the tab bar. Tab meets
 * 'Skip to content' first, then the navigation, then the screen, at every width (decision 207):
 * the side navigation is visually first on a desktop, and after an endless feed the bottom bar of
 * a narrow window could never be reached by Tab.
 */
export function AppShell() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useScrollPerScreen();
  return (
    <div className={styles.shell}>
      <a
        href="#main-content"
        className={styles.skipLink}
        onClick={(event) => {
          // focus, not the #fragment: the router's address stays clean and the next Tab starts in the screen
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
      <LiveUpdates />
      <AccountLocale />
      <AccountTheme />
      <TabBar />
      {/* the install sheet right after the navigation: Tab reaches it without crossing an endless feed */}
      {pathname === '/home' && <InstallPrompt />}
      <main ref={main} id="main-content" tabIndex={-1} className={styles.main}>
        {/* the tab bar stays while a screen's chunk loads */}
        <Suspense fallback={null}>
          <AnnouncementBanner />
        </Suspense>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** The same 500 px column without the tab bar (entry screens, public profiles). */
export function PlainLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className={styles.shell}>
      <main className={styles.plain}>{children}</main>
    </div>
  );
}
