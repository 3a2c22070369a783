import { describe, expect, it } from 'vitest';
import type { TSession } from '@provenance/contracts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /auth/refresh on %s', (kind) => {
  const suite = useTestServer(kind);

  it('gives a new session and rotates both tokens', async () => {
    const { session } = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(response.status).toBe(200);
    const refreshed = (await readJson<{ session: TSession }>(response)).session;
    expect(refreshed.user).toEqual(session.user);
    expect(refreshed.access_token).not.toBe(session.access_token);
    expect(refreshed.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.expires_at).toBeGreaterThanOrEqual(session.expires_at);

    expect((await suite.server.request('GET', 'auth/user', { token: refreshed.access_token })).status).toBe(200);
    expect((await suite.server.request('GET', 'auth/user', { token: session.access_token })).status).toBe(401);
  });

  it('refuses a refresh token that was already used', async () => {
    const { session } = await signUpAccount(suite.server);
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(200);
    const replay = await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(replay.status).toBe(401);
    expect((await readJson<{ error: { code: string } }>(replay)).error.code).toBe('unauthorized');
  });

  it('refuses an unknown refresh token and a missing one', async () => {
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: 'made-up-token' } })).status).toBe(401);
    const missing = await suite.server.request('POST', 'auth/refresh', { body: {} });
    expect(missing.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(missing)).error.message).toBe('Refresh token is required');
  });
});
