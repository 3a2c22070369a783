import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount, uniqueEmail } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('PATCH /account/email on %s', (kind) => {
  const suite = useTestServer(kind);

  it('changes the address: the new one signs in, the old one no longer does', async () => {
    const account = await signUpAccount(suite.server);
    const newEmail = uniqueEmail('renamed');
    const response = await suite.server.request('PATCH', 'account/email', { token: account.session.access_token, body: { email: newEmail, currentPassword: account.password } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ user: { id: account.session.user.id, email: newEmail, is_demo: false } });

    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: newEmail, password: account.password } })).status).toBe(200);
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(401);
  });

  it('refuses an address another account uses', async () => {
    const first = await signUpAccount(suite.server);
    const second = await signUpAccount(suite.server);
    const response = await suite.server.request('PATCH', 'account/email', { token: second.session.access_token, body: { email: first.email, currentPassword: second.password } });
    expect(response.status).toBe(409);
    expect((await readJson<{ error: { code: string } }>(response)).error.code).toBe('conflict');
  });

  it('validates the address and needs a signed-in user', async () => {
    const account = await signUpAccount(suite.server);
    const invalid = await suite.server.request('PATCH', 'account/email', { token: account.session.access_token, body: { email: 'nope', currentPassword: account.password } });
    expect(invalid.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(invalid)).error.message).toBe('Email must be a valid email address');
    expect((await suite.server.request('PATCH', 'account/email', { body: { email: uniqueEmail(), currentPassword: account.password } })).status).toBe(401);
  });

  it('needs the current password: a missing or wrong one changes nothing', async () => {
    const account = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const wanted = uniqueEmail('hijacked');
    const missing = await suite.server.request('PATCH', 'account/email', { token, body: { email: wanted } });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ error: { code: 'validation_error', message: 'Current password is required' } });
    const wrong = await suite.server.request('PATCH', 'account/email', { token, body: { email: wanted, currentPassword: 'not-my-password' } });
    expect(wrong.status).toBe(403);
    expect(await readJson(wrong)).toEqual({ error: { code: 'invalid_current_password', message: 'Current password is incorrect' } });
    expect(await readJson(await suite.server.request('GET', 'auth/user', { token }))).toEqual({ user: { id: account.session.user.id, email: account.email, is_demo: false } });
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: wanted, password: account.password } })).status).toBe(401);
  });
});
