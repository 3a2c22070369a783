// Guard of the account screens: without a session, go to /login and remember where the user was
// going, so signing in brings them back there.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth/use-session';

export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <Outlet />;
}
