import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/auth/session';
import { apiRequest } from './client';

const session = (n: number) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: 'u1', email: 'ada@example.com', is_demo: false },
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

describe('apiRequest', () => {
  it('sends the session’s access token', async () => {
    sessionStore.setSession(session(1));
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/auth/user');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('refreshes once and retries when the token is refused', async () => {
    sessionStore.setSession(session(1));
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/refresh')) return json(200, { session: session(2) });
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { error: { code: 'unauthorized', message: 'Token revoked' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/auth/user')).resolves.toEqual({ ok: true });
    expect(sessionStore.getSession()?.access_token).toBe('access-2');
  });

  it('signs out when the refresh is refused too', async () => {
    sessionStore.setSession(session(1));
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { error: { code: 'unauthorized', message: 'Session ended' } })));
    await expect(apiRequest('/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getSession()).toBeNull();
  });

  it('does not refresh or resend when the server refuses the request itself (403, wrong current password)', async () => {
    sessionStore.setSession(session(1));
    const fetchMock = vi.fn(async () => json(403, { error: { code: 'invalid_current_password', message: 'Current password is incorrect' } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/account/password', { method: 'POST', json: { currentPassword: 'wrong', newPassword: 'another-one' } })).rejects.toMatchObject({
      status: 403,
      code: 'invalid_current_password',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStore.getSession()?.access_token).toBe('access-1');
  });
});
