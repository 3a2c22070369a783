import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /account/password on %s', (kind) => {
  const suite = useTestServer(kind);

  it('changes the password once the current one is checked, and signs out the other sessions', async () => {
    const account = await signUpAccount(suite.server);
    const elsewhere = await readJson<{ session: { access_token: string } }>(
      await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } }),
    );
    const response = await suite.server.request('POST', 'account/password', {
      token: account.session.access_token,
      body: { currentPassword: account.password, newPassword: 'brand-new-pw' },
    });
    expect(response.status).toBe(204);

    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: 'brand-new-pw' } })).status).toBe(200);
    expect((await suite.server.request('GET', 'auth/user', { token: account.session.access_token })).status).toBe(200);
    expect((await suite.server.request('GET', 'auth/user', { token: elsewhere.session.access_token })).status).toBe(401);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const account = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'account/password', {
      token: account.session.access_token,
      body: { currentPassword: 'not-my-password', newPassword: 'brand-new-pw' },
    });
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ error: { code: 'invalid_current_password', message: 'Current password is incorrect' } });
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('requires a new password of at least 6 characters and the current password', async () => {
    const account = await signUpAccount(suite.server);
    const short = await suite.server.request('POST', 'account/password', {
      token: account.session.access_token,
      body: { currentPassword: account.password, newPassword: '12345' },
    });
    expect(short.status).toBe(400);
    expect(await readJson(short)).toEqual({ error: { code: 'validation_error', message: 'New password must be at least 6 characters' } });
    const missing = await suite.server.request('POST', 'account/password', { token: account.session.access_token, body: { newPassword: 'long-enough' } });
    expect(missing.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(missing)).error.message).toBe('Current password is required');
  });
});
