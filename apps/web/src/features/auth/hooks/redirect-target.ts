// Where to go after signing in: back to the page that sent the user to /login (?redirect= or the
// router state), else the dashboard. Only same-site paths are accepted, so a crafted link cannot
// bounce a fresh session to another site.
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

export function safeRedirectPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return null;
  if (candidate === '/login' || candidate === '/signup' || candidate.startsWith('/login?') || candidate.startsWith('/signup?')) return null;
  return candidate;
}

export function redirectTarget(search: string, state: unknown): string {
  const fromQuery = safeRedirectPath(new URLSearchParams(search).get('redirect'));
  if (fromQuery) return fromQuery;
  const fromState = safeRedirectPath((state as { from?: unknown } | null)?.from);
  return fromState ?? DEFAULT_AFTER_SIGN_IN;
}
