import { ZChangePasswordResponse } from '@provenance/contracts';
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
    expect(response.status).toBe(200);

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
    // 403, not 401: the session is still good (clients take a 401 for an expired session).
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ error: { code: 'invalid_current_password', message: 'Current password is incorrect' } });
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('revokes the API keys with every change, and says so', async () => {
    const account = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const regenerate = async (type: string) =>
      (await readJson<{ key: { secret: string } }>(await suite.server.request('POST', `account/api-keys/${type}/regenerate`, { token }))).key.secret;
    const live = await regenerate('production');
    const test = await regenerate('test');
    expect((await suite.server.request('GET', 'auth/user', { token: live })).status).toBe(200);

    const changed = await suite.server.request('POST', 'account/password', { token, body: { currentPassword: account.password, newPassword: 'second-pw-1' } });
    expect(changed.status).toBe(200);
    expect(ZChangePasswordResponse.parse(await changed.json())).toMatchObject({ otherSessionsSignedOut: true, apiKeysRevoked: true });
    expect((await suite.server.request('GET', 'auth/user', { token: live })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: test })).status).toBe(401);
    // The account still has a key of each type, to regenerate when it needs one.
    const listed = await readJson<{ keys: Array<{ type: string }> }>(await suite.server.request('GET', 'account/api-keys', { token }));
    expect(listed.keys.map((key) => key.type)).toEqual(['production', 'test']);
    expect((await suite.server.request('GET', 'auth/user', { token: await regenerate('production') })).status).toBe(200);
    expect((await suite.server.request('GET', 'auth/user', { token })).status).toBe(200);
  });

  it('revokes the other sessions’ refresh tokens too', async () => {
    const account = await signUpAccount(suite.server);
    const elsewhere = await readJson<{ session: { refresh_token: string } }>(
      await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } }),
    );
    expect((await suite.server.request('POST', 'account/password', { token: account.session.access_token, body: { currentPassword: account.password, newPassword: 'brand-new-pw' } })).status).toBe(200);
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: elsewhere.session.refresh_token } })).status).toBe(401);
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: account.session.refresh_token } })).status).toBe(200);
  });

  it('refuses a common password as the new one, whatever its case, and keeps the old one', async () => {
    const account = await signUpAccount(suite.server);
    for (const newPassword of ['password123', 'PassWord123', 'qwerty123']) {
      const response = await suite.server.request('POST', 'account/password', { token: account.session.access_token, body: { currentPassword: account.password, newPassword } });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message: 'This password is too common; choose another' } });
    }
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('refuses a padded new password (one character repeated, only spaces) or the account’s email, naming the field, and keeps the old one', async () => {
    const account = await signUpAccount(suite.server);
    const refusals: Array<[string, string]> = [
      ['aaaaaa', 'New password must not be one character repeated'],
      ['      ', 'New password must not be only spaces'],
      [account.email.toUpperCase(), "New password must not be the account's email address"],
    ];
    for (const [newPassword, message] of refusals) {
      const response = await suite.server.request('POST', 'account/password', { token: account.session.access_token, body: { currentPassword: account.password, newPassword } });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message } });
    }
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
