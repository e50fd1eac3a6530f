import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../features/session/api';

/** Protected routes: no user → /onboarding. */
export function RequireAuth() {
  const { data: me } = useMe();
  const location = useLocation();
  if (!me) return <Navigate to="/onboarding" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * Where a log-in from a public profile's page comes back to (`/login?next=/u/…`): a profile or an
 * answer of this site, nothing else (an open redirect would lend our address to phishing).
 */
export function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/u\/[a-z0-9_]+(\/answers\/[A-Za-z0-9-]+)?$/i.test(next) ? next : null;
}

/** /onboarding, /signup, /login: a signed-in user goes on to notifications setup, or back to the page they logged in from. */
export function PublicOnly() {
  const { data: me } = useMe();
  const location = useLocation();
  if (me) return <Navigate to={returnPathOf(location.search) ?? '/notifications-setup'} replace />;
  return <Outlet />;
}

/** `/`: home when signed in, onboarding otherwise. */
export function RootRedirect() {
  const { data: me } = useMe();
  return <Navigate to={me ? '/home' : '/onboarding'} replace />;
}
