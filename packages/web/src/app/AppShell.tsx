import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TabBar } from '../features/navigation/TabBar';
import { useScrollPerScreen } from './useScrollPerScreen';
import { LiveUpdates } from '../features/live/LiveUpdates';
import { AccountLocale } from '../features/locale/AccountLocale';
import { AccountTheme } from '../features/theme/AccountTheme';
import { InstallPrompt } from '../features/pwa/InstallPrompt';
import styles from './AppShell.module.css';

/** The shared navigation wrapper of the main screens: 500 px column and the bottom tab bar. */
export function AppShell() {
  const { pathname } = useLocation();
  useScrollPerScreen();
  return (
    <div className={styles.shell}>
      <LiveUpdates />
      <AccountLocale />
      <AccountTheme />
      <main className={styles.main}>
        {/* the tab bar stays while a screen's chunk loads */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {pathname === '/home' && <InstallPrompt />}
      <TabBar />
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
