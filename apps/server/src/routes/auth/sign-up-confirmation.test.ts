// Sign-up over real HTTP, with the real SMTP test server reading the mail: a new address and one
// that has an account get the same answer (202, the same body, no session); the new one is mailed a
// confirmation link, the owner of the other a notice. Until the link is followed there is no account
// (sign-in answers as for a wrong password); the link signs in once and is then spent, an expired one
// is refused, and the account has the password of the sign-up whose link was followed. Addresses at
// the demo domain are refused alike, whether a demo account has one or not.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ZSessionResponse, ZSignUpResponse } from '@provenance/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createSmtpMailer } from '../../services/email/mailer.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpTokenIn } from '../../testing/sign-up-mail.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('sign-up confirms the address by mail and never says whether it has an account', () => {
  let database: DbHandle;
  let server: TestServer;
  let smtp: SmtpTestServer;
  let listening: ServerType;
  let api: string;
  // The server's clock, moved forward by a test.
  let offsetMs = 0;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    smtp = await startSmtpTestServer();
    server = await createTestServer(database, {
      clock: () => new Date(Date.now() + offsetMs),
      email: { mailer: createSmtpMailer(smtp.url), from: 'Provenance Gateway <no-reply@gateway.example>', pollingIntervalSeconds: 0.5 },
    });
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    api = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const post = (route: string, body: unknown, token?: string): Promise<Response> =>
    fetch(`${api}/${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
  /** The mails the SMTP server received for `to`, once there are `count`. */
  const mailsTo = async (to: string, count: number) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = smtp.messages.filter((message) => message.envelope.to.includes(to));
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}, ${found.length} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const confirm = (token: string) => post('auth/confirm-sign-up', { token });
  const signIn = (email: string, password: string) => post('auth/sign-in', { email, password });
  /** Signs up `email` and follows the link of its mail: the session. */
  const signUpConfirmed = async (email: string, password: string) => {
    expect((await post('auth/sign-up', { email, password })).status).toBe(202);
    const [mail] = await mailsTo(email, 1);
    const confirmed = await confirm(signUpTokenIn(mail!.parsed.text ?? ''));
    expect(confirmed.status).toBe(201);
    return readAnswer(ZSessionResponse, confirmed);
  };

  it('answers a new address and one with an account alike, and mails each its own letter', async () => {
    const owner = uniqueEmail('owner');
    await signUpConfirmed(owner, 'owner-secret-1');
    const fresh = uniqueEmail('fresh');

    const forNew = await post('auth/sign-up', { email: fresh, password: 'fresh-secret-1' });
    const forTaken = await post('auth/sign-up', { email: owner.toUpperCase(), password: 'other-secret-1' });
    const answers = [forNew, forTaken].map(async (response) => ({ status: response.status, type: response.headers.get('content-type'), body: await response.text() }));
    const [newAnswer, takenAnswer] = await Promise.all(answers);
    expect(newAnswer).toEqual({ status: 202, type: 'application/json', body: JSON.stringify({ status: 'confirmation_sent' }) });
    expect(takenAnswer).toEqual(newAnswer);
    expect(ZSignUpResponse.parse(JSON.parse(newAnswer!.body))).toEqual({ status: 'confirmation_sent' });

    const [confirmation] = await mailsTo(fresh, 1);
    expect(confirmation!.parsed.subject).toBe('Confirm your Provenance Gateway account');
    expect(confirmation!.parsed.text).toMatch(/http:\/\/localhost:8080\/confirm-sign-up#token=\S+/);
    const ownerMails = await mailsTo(owner, 2);
    expect(ownerMails.at(-1)!.parsed.subject).toBe('Someone tried to create an account with your email address');
    expect(ownerMails.at(-1)!.parsed.text).not.toContain('confirm-sign-up');
    // The owner's password still signs in; the one tried does not.
    expect((await signIn(owner, 'owner-secret-1')).status).toBe(200);
    expect((await signIn(owner, 'other-secret-1')).status).toBe(401);
  }, 60_000);

  it('makes no account until the link is followed: sign-in answers as for a wrong password', async () => {
    const email = uniqueEmail('pending');
    expect((await post('auth/sign-up', { email, password: 'pending-secret-1' })).status).toBe(202);
    await mailsTo(email, 1);
    const unconfirmed = await signIn(email, 'pending-secret-1');
    const wrong = await signIn(email, 'not-the-password');
    expect(unconfirmed.status).toBe(401);
    expect(await unconfirmed.json()).toEqual(await wrong.json());
  }, 60_000);

  it('signs in with the link once; then the link is spent', async () => {
    const email = uniqueEmail('once');
    expect((await post('auth/sign-up', { email, password: 'once-secret-1' })).status).toBe(202);
    const token = signUpTokenIn((await mailsTo(email, 1))[0]!.parsed.text ?? '');
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(201);
    const { session } = await readAnswer(ZSessionResponse, confirmed);
    expect(session.user).toEqual({ id: expect.any(String), email, is_demo: false });
    const me = await fetch(`${api}/auth/user`, { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(await me.json()).toEqual({ user: session.user });
    const keys = (await (await fetch(`${api}/account/api-keys`, { headers: { authorization: `Bearer ${session.access_token}` } })).json()) as { keys: Array<{ type: string }> };
    expect(keys.keys.map((key) => key.type)).toEqual(['production', 'test']);
    expect((await signIn(email, 'once-secret-1')).status).toBe(200);

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_sign_up_token');
    expect((await confirm(`${token}x`)).status).toBe(400);
  }, 60_000);

  it('refuses a link past its day', async () => {
    const email = uniqueEmail('late');
    expect((await post('auth/sign-up', { email, password: 'late-secret-1' })).status).toBe(202);
    const token = signUpTokenIn((await mailsTo(email, 1))[0]!.parsed.text ?? '');
    offsetMs = 24 * 60 * 60 * 1000 + 60_000;
    try {
      const late = await confirm(token);
      expect(late.status).toBe(400);
      expect(((await late.json()) as { error: { code: string } }).error.code).toBe('invalid_sign_up_token');
    } finally {
      offsetMs = 0;
    }
    expect((await signIn(email, 'late-secret-1')).status).toBe(401);
  }, 60_000);

  it('gives the account the password of the sign-up whose link was followed', async () => {
    const email = uniqueEmail('twice');
    expect((await post('auth/sign-up', { email, password: 'first-secret-1' })).status).toBe(202);
    const first = signUpTokenIn((await mailsTo(email, 1))[0]!.parsed.text ?? '');
    // A second sign-up of the address (someone else's, perhaps) a few minutes later, past the mail throttle.
    offsetMs = 5 * 60_000;
    try {
      expect((await post('auth/sign-up', { email, password: 'second-secret-1' })).status).toBe(202);
      await mailsTo(email, 2);
      expect((await confirm(first)).status).toBe(201);
    } finally {
      offsetMs = 0;
    }
    expect((await signIn(email, 'first-secret-1')).status).toBe(200);
    expect((await signIn(email, 'second-secret-1')).status).toBe(401);
  }, 60_000);

  it('refuses addresses at the demo domain alike, a demo account’s or not', async () => {
    const demo = (await (await post('auth/demo', {})).json()) as { email: string };
    expect(demo.email).toMatch(/@demo\.provenance\.local$/);
    const answers = await Promise.all(
      [demo.email, `nobody-${Date.now()}@demo.provenance.local`].map(async (email) => {
        const response = await post('auth/sign-up', { email, password: 'demo-probe-1' });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers[0]).toEqual({ status: 400, body: { error: { code: 'validation_error', message: 'Email must not be at demo.provenance.local: its addresses are kept for demo accounts' } } });
    expect(answers[1]).toEqual(answers[0]);
  }, 60_000);
});
