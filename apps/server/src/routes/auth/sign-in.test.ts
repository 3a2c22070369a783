import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { DEFAULT_ATTEMPT_LIMITS } from '../../services/rate-limits/attempt-limits.ts';
import { createTestServer, useTestServer, readJson, signUpAccount, uniqueEmail } from '../../testing/test-server.ts';

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

  it('answers an unknown email as a wrong password attempt after attempt, limits included (default limits)', async () => {
    const strict = await createTestServer(suite.database, { attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    const account = await signUpAccount(suite.server);
    const answers = async (email: string, ip: string) => {
      const seen: Array<{ status: number; code: string }> = [];
      for (let attempt = 0; attempt < DEFAULT_ATTEMPT_LIMITS.password.perIpAndAccount.freeFailures + 2; attempt += 1) {
        const response = await strict.request('POST', 'auth/sign-in', { ip, body: { email, password: 'not-the-password' } });
        seen.push({ status: response.status, code: (await readJson<{ error: { code: string } }>(response)).error.code });
      }
      return seen;
    };
    const known = await answers(account.email, '192.0.2.91');
    expect(known.at(0)).toEqual({ status: 401, code: 'invalid_credentials' });
    expect(known.at(-1)).toEqual({ status: 429, code: 'rate_limited' });
    expect(await answers(uniqueEmail('nobody'), '192.0.2.92')).toEqual(known);
  });

  it('spends a password hash on an unknown email, so its answer takes about as long as a wrong password', async () => {
    const ctx = await suite.server.services.auth.$context;
    const original = ctx.password.hash;
    let hashes = 0;
    ctx.password.hash = async (password) => {
      hashes += 1;
      return original(password);
    };
    try {
      const unknown = await suite.server.request('POST', 'auth/sign-in', { body: { email: uniqueEmail('nobody'), password: 'whatever' } });
      expect(unknown.status).toBe(401);
      expect(hashes).toBe(1);
    } finally {
      ctx.password.hash = original;
    }
  });

  it('requires email and password', async () => {
    const noEmail = await suite.server.request('POST', 'auth/sign-in', { body: { email: '', password: 'secret' } });
    expect(noEmail.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noEmail)).error.message).toBe('Email is required');
    const noPassword = await suite.server.request('POST', 'auth/sign-in', { body: { email: uniqueEmail() } });
    expect(noPassword.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noPassword)).error.message).toBe('Password is required');
  });
});
