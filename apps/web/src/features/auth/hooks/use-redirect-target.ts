// The post-sign-in destination of the current /login or /signup visit.
import { useLocation } from 'react-router';
import { redirectTarget } from './redirect-target';

export function useRedirectTarget(): string {
  const location = useLocation();
  return redirectTarget(location.search, location.state);
}
