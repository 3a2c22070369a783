// The API client features use: a same-origin request that carries the signed-in user's access token
// (refreshed first when it is about to expire), so public calls made while signed in are attributed.
import { request, type RequestOptions } from '@/lib/http';
import { sessionStore } from '@/lib/auth/session';

export { ApiError, apiUrl } from '@/lib/http';

export async function apiRequest<T>(path: string, options: Omit<RequestOptions, 'accessToken'> = {}): Promise<T> {
  const accessToken = await sessionStore.getAccessToken();
  return request<T>(path, { ...options, accessToken });
}
