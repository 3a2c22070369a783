import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { confirmSignUp, useTestServer, readJson, uniqueEmail } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /auth/sign-up on %s', (kind) => {
  const suite = useTestServer(kind);

  it('answers 202 without a session; the mailed link creates the account, signs it in and gives it a production and a test key', async () => {
    const email = uniqueEmail();
    const started = Math.floor(Date.now() / 1000);
    const response = await suite.server.request('POST', 'auth/sign-up', { body: { email, password: 'secret-123' } });
    expect(response.status).toBe(202);
    expect(await readJson(response)).toEqual({ status: 'confirmation_sent' });
    const session = await confirmSignUp(suite.server, email);
    expect(session.user).toEqual({ id: expect.any(String), email, is_demo: false });
    expect(session.expires_at).toBeGreaterThan(started);
    expect(session.refresh_token).not.toBe(session.access_token);

    const me = await suite.server.request('GET', 'auth/user', { token: session.access_token });
    expect(await readJson(me)).toEqual({ user: session.user });
    const keys = await readJson<{ keys: Array<{ type: string }> }>(await suite.server.request('GET', 'account/api-keys', { token: session.access_token }));
    expect(keys.keys.map((key) => key.type)).toEqual(['production', 'test']);
  });

  it('rejects a password shorter than 6 characters with the product message', async () => {
    const response = await suite.server.request('POST', 'auth/sign-up', { body: { email: uniqueEmail(), password: '12345' } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message: 'Password must be at least 6 characters' } });
  });

  it('refuses the most common passwords, whatever their case, and creates nothing', async () => {
    const email = uniqueEmail('common');
    for (const password of ['password', 'Password1', '123456', 'QWERTY', 'letmein']) {
      const response = await suite.server.request('POST', 'auth/sign-up', { body: { email, password } });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message: 'This password is too common; choose another' } });
    }
    expect((await suite.server.request('POST', 'auth/sign-up', { body: { email, password: 'a-less-common-one' } })).status).toBe(202);
  });

  it('refuses a padded password (one character repeated, only spaces) or the email itself, naming the field, and creates nothing', async () => {
    const email = uniqueEmail('padded');
    const refusals: Array<[string, string]> = [
      ['aaaaaa', 'Password must not be one character repeated'],
      ['      ', 'Password must not be only spaces'],
      [email, "Password must not be the account's email address"],
      [` ${email.toUpperCase()} `, "Password must not be the account's email address"],
    ];
    for (const [password, message] of refusals) {
      const response = await suite.server.request('POST', 'auth/sign-up', { body: { email, password } });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message } });
    }
    expect((await suite.server.request('POST', 'auth/sign-up', { body: { email, password: 'a-less-common-one' } })).status).toBe(202);
  });

  it('names the missing or malformed field', async () => {
    const noEmail = await suite.server.request('POST', 'auth/sign-up', { body: { password: 'secret-123' } });
    expect(noEmail.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noEmail)).error.message).toBe('Email is required');
    const badEmail = await suite.server.request('POST', 'auth/sign-up', { body: { email: 'not-an-email', password: 'secret-123' } });
    expect((await readJson<{ error: { message: string } }>(badEmail)).error.message).toBe('Email must be a valid email address');
    const noPassword = await suite.server.request('POST', 'auth/sign-up', { body: { email: uniqueEmail() } });
    expect((await readJson<{ error: { message: string } }>(noPassword)).error.message).toBe('Password is required');
  });

  it('answers a taken email, whatever its case, as a new one, and leaves its account alone', async () => {
    const email = uniqueEmail('taken');
    expect((await suite.server.request('POST', 'auth/sign-up', { body: { email, password: 'secret-123' } })).status).toBe(202);
    await confirmSignUp(suite.server, email);
    const again = await suite.server.request('POST', 'auth/sign-up', { body: { email: email.toUpperCase(), password: 'other-secret' } });
    expect(again.status).toBe(202);
    expect(await readJson(again)).toEqual({ status: 'confirmation_sent' });
    // The owner's password still signs in; the one tried does not.
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email, password: 'secret-123' } })).status).toBe(200);
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email, password: 'other-secret' } })).status).toBe(401);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await suite.server.request('POST', 'auth/sign-up', { body: '{"email":' });
    expect(response.status).toBe(400);
    expect((await readJson<{ error: { code: string } }>(response)).error.code).toBe('validation_error');
  });
});
