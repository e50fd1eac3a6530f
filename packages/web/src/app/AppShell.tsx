import { Outlet } from 'react-router';
import { TabBar } from '../features/navigation/TabBar';
import styles from './AppShell.module.css';

/** The shared navigation wrapper of the main screens: 500 px column and the bottom tab bar. */
export function AppShell() {
  return (
    <div className={styles.shell}>
      <main className={styles.main}>
        <Outlet />
      </main>
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
