import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount, uniqueEmail } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /auth/sign-in on %s', (kind) => {
  const suite = useTestServer(kind);

  it('signs in with the right password and the session works', async () => {
    const account = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } });
    expect(response.status).toBe(200);
    const { session } = await readJson<{ session: { access_token: string; user: { id: string } } }>(response);
    expect(session.user.id).toBe(account.session.user.id);
    expect(session.access_token).not.toBe(account.session.access_token);
    expect((await suite.server.request('GET', 'auth/user', { token: session.access_token })).status).toBe(200);
  });

  it('accepts the email in any case', async () => {
    const account = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email.toUpperCase(), password: account.password } });
    expect(response.status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const account = await signUpAccount(suite.server);
    const wrong = await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(await readJson(wrong)).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
    const unknown = await suite.server.request('POST', 'auth/sign-in', { body: { email: uniqueEmail('nobody'), password: 'whatever' } });
    expect(unknown.status).toBe(401);
    expect(await readJson(unknown)).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid credentials' } });
  });

  it('requires email and password (SPEC.md section 5, Login)', async () => {
    const noEmail = await suite.server.request('POST', 'auth/sign-in', { body: { email: '', password: 'secret' } });
    expect(noEmail.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noEmail)).error.message).toBe('Email is required');
    const noPassword = await suite.server.request('POST', 'auth/sign-in', { body: { email: uniqueEmail() } });
    expect(noPassword.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noPassword)).error.message).toBe('Password is required');
  });
});
