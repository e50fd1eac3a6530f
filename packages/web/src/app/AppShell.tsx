import { ShownSuggestionsProvider } from '../features/friends/ShownSuggestions';
import { lazy, Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TabBar } from '../features/navigation/TabBar';
import { useScrollPerScreen } from './useScrollPerScreen';
import { LiveUpdates } from '../features/live/LiveUpdates';
import { AccountLocale } from '../features/locale/AccountLocale';
import { AccountTheme } from '../features/theme/AccountTheme';
import { useWideScreen } from './useWideScreen';
import { VerificationNotice } from '../features/instanceAccess/VerificationNotice';
import styles from './AppShell.module.css';
import { t } from '../i18n';

// a desktop's right rail loads on a desktop only: a phone's first screen never pays for it
const RightRail = lazy(() => import('./RightRail').then((m) => ({ default: m.RightRail })));

/** The screens with a right rail on a desktop: not Friends and the profiles, which show the same people and links themselves. */
const WITH_RIGHT_RAIL = new Set(['/home', '/questions', '/notifications']);
// the install sheet shows seconds after the first visit, if ever: its code loads after the first screen's
const InstallPrompt = lazy(() => import('../features/pwa/InstallPrompt').then((m) => ({ default: m.InstallPrompt })));
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
  const wide = useWideScreen();
  useScrollPerScreen();
  return (
    <ShownSuggestionsProvider>
      <div className={styles.shell}>
        <SkipLink target={main} />
        <LiveUpdates />
        <AccountLocale />
        <AccountTheme />
        <TabBar />
        {/* the install sheet right after the navigation: Tab reaches it without crossing an endless feed */}
        {pathname === '/home' && (
          <Suspense fallback={null}>
            <InstallPrompt />
          </Suspense>
        )}
        <main ref={main} id="main-content" tabIndex={-1} className={styles.main}>
          <VerificationNotice />
          {/* the tab bar stays while a screen's chunk loads */}
          <Suspense fallback={null}>
            <AnnouncementBanner />
          </Suspense>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
        {wide && WITH_RIGHT_RAIL.has(pathname) && (
          <Suspense fallback={null}>
            <RightRail />
          </Suspense>
        )}
      </div>
    </ShownSuggestionsProvider>
  );
}

function SkipLink({ target }: { target: React.RefObject<HTMLElement | null> }) {
  return (
    <a
      href="#main-content"
      className={styles.skipLink}
      onClick={(event) => {
        // focus, not the #fragment: the router's address stays clean and the next Tab starts in the screen
        event.preventDefault();
        target.current?.focus();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}

/**
 * The same 500 px column without the tab bar (entry screens, public profiles). `withNavigation`:
 * a signed-in screen outside the tab bar's (another person's profile) keeps the desktop's side
 * navigation; a phone shows the screen alone, with its back button.
 */
export function PlainLayout({ children, withNavigation = false }: { children: React.ReactNode; withNavigation?: boolean }) {
  const main = useRef<HTMLElement>(null);
  return (
    <div className={styles.shell}>
      {withNavigation && (
        <>
          <SkipLink target={main} />
          <TabBar desktopOnly />
        </>
      )}
      <main ref={main} id={withNavigation ? 'main-content' : undefined} tabIndex={withNavigation ? -1 : undefined} className={styles.plain}>
        {children}
      </main>
    </div>
  );
}
