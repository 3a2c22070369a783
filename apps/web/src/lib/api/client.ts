// The request every resource module of src/lib/api uses: a same-origin request that carries the
// signed-in user's access token (refreshed first when it is about to expire), so public calls made
// while signed in are attributed. A 401 on a call that carried a token means the token died early
// (revoked, server restarted with new keys): refresh once and retry; if the refresh is refused the
// session store signs out. Layering: lib/http <- lib/auth (the session and the /auth calls that
// create it) <- lib/api, so nothing under lib/auth imports this folder.
import { ApiError, request, type RequestOptions } from '@/lib/http';
import { sessionStore } from '@/lib/auth/session';

export { ApiError, apiUrl } from '@/lib/http';

export async function apiRequest<T>(path: string, options: Omit<RequestOptions, 'accessToken'> = {}): Promise<T> {
  const accessToken = await sessionStore.getAccessToken();
  try {
    return await request<T>(path, { ...options, accessToken });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !accessToken) throw error;
    const fresh = await sessionStore.refreshNow();
    if (!fresh || fresh.access_token === accessToken) throw error;
    return request<T>(path, { ...options, accessToken: fresh.access_token });
  }
}
