import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../features/session/api';

/** Protected routes: no user → /onboarding. */
export function RequireAuth() {
  const { data: me } = useMe();
  const location = useLocation();
  if (!me) return <Navigate to="/onboarding" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /onboarding, /signup, /login: a signed-in user goes on to notifications setup. */
export function PublicOnly() {
  const { data: me } = useMe();
  if (me) return <Navigate to="/notifications-setup" replace />;
  return <Outlet />;
}

/** `/`: home when signed in, onboarding otherwise. */
export function RootRedirect() {
  const { data: me } = useMe();
  return <Navigate to={me ? '/home' : '/onboarding'} replace />;
}
