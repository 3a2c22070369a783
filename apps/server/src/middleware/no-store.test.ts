import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../testing/test-databases.ts';
import { useTestServer, signUpAccount } from '../testing/test-server.ts';

describe.each(testDatabaseKinds())('Cache-Control: no-store on account and auth responses on %s', (kind) => {
  const suite = useTestServer(kind);

  it('is on every /auth and /account answer, errors included', async () => {
    const account = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const responses = [
      await suite.server.request('POST', 'auth/sign-up', { body: { email: `x${account.email}`, password: 'secret-123' } }),
      await suite.server.request('POST', 'auth/confirm-sign-up', { body: { token: 'not-a-token' } }),
      await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } }),
      await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: 'wrong-password' } }),
      await suite.server.request('GET', 'auth/user', { token }),
      await suite.server.request('GET', 'auth/user'),
      await suite.server.request('GET', 'account/api-keys', { token }),
      await suite.server.request('POST', 'account/api-keys/test/regenerate', { token }),
      await suite.server.request('GET', 'account/notifications', { token }),
      await suite.server.request('DELETE', 'account', { token, body: { confirm: true, currentPassword: 'wrong-password' } }),
    ];
    expect(responses.map((response) => response.status)).toEqual([202, 400, 200, 401, 200, 401, 200, 200, 200, 403]);
    for (const response of responses) expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is on the other account routes (analytics, assets, jobs, webhooks), errors included', async () => {
    const account = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const responses = [
      await suite.server.request('GET', 'analytics/summary', { token }),
      await suite.server.request('GET', 'analytics/events', { token }),
      await suite.server.request('GET', 'assets', { token }),
      await suite.server.request('GET', 'assets'),
      await suite.server.request('POST', 'assets/no-such-asset/transform', { token, body: {} }),
      await suite.server.request('GET', 'jobs', { token }),
      await suite.server.request('GET', 'webhooks', { token }),
      await suite.server.request('GET', 'webhooks'),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 401, expect.any(Number), 200, 200, 401]);
    for (const response of responses) expect(response.headers.get('cache-control'), response.url).toBe('no-store');
  });

  it('leaves a signed file’s long cache alone', async () => {
    const response = await suite.server.request('GET', 'assets/no-such-asset');
    expect(response.headers.get('cache-control')).not.toBe('no-store');
  });

  it('leaves other routes alone', async () => {
    const response = await suite.server.request('GET', 'openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).not.toBe('no-store');
  });
});
