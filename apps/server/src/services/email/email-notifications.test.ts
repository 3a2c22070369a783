import { ZSignContentResponse, type TSignContentResponse } from '@provenance/contracts';
import { makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { EMAIL_RETENTION_DAYS, type EmailKind, type EmailRow } from './email-outbox.ts';
import type { EmailNotifications, EmailSettings } from './email-notifications.ts';
import { createSmtpMailer } from './mailer.ts';
import { WEEKLY_REPORTS_QUEUE } from './weekly-reports.ts';

const SUPPORT_EMAIL = 'support@gateway.example';
const FROM = 'Provenance Gateway <no-reply@gateway.example>';
// Quick retries so a refusing server is given up on within the test.
const FAST: Pick<EmailSettings, 'retry' | 'pollingIntervalSeconds'> = { retry: { attempts: 3, delaySeconds: 1, backoff: false }, pollingIntervalSeconds: 0.5 };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface EmailSuite {
  database: DbHandle;
  server: TestServer;
  email: EmailNotifications;
  close(): Promise<void>;
}

async function openEmailSuite(kind: Parameters<typeof openTestDatabase>[0], settings: EmailSettings, clock?: () => Date): Promise<EmailSuite> {
  const database = await openTestDatabase(kind);
  const server = await createTestServer(database, { email: settings, ...(clock && { clock }) });
  const email = server.services.email;
  if (!email) throw new Error('the server was built without email');
  return {
    database,
    server,
    email,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

const finished = (rows: EmailRow[]) => rows.every((row) => row.status !== 'queued');

describe.each(testDatabaseKinds())('email on %s, with an SMTP server', (kind) => {
  let smtp: SmtpTestServer;
  let suite: EmailSuite;
  let assets: LocalAssetServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer({ auth: { user: 'gateway', pass: 'mail-secret' } });
    suite = await openEmailSuite(kind, { mailer: createSmtpMailer(smtp.url), from: FROM, supportEmail: SUPPORT_EMAIL, ...FAST });
    assets = await startLocalAssetServer();
  });
  afterAll(async () => {
    assets.close();
    await suite.close();
    await smtp.close();
  });

  // Every account here got a sign-up confirmation first; the tests look at what came after it.
  const to = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address) && message.parsed.subject !== 'Confirm your Provenance Gateway account');
  const rowsOf = (kind: EmailKind, userId?: string) => suite.email.outbox.list({ kind, ...(userId && { userId }) });

  async function signAsset(token: string, name: string): Promise<{ signed: TSignContentResponse; bytes: Uint8Array }> {
    const response = await suite.server.request('POST', 'sign-content', {
      token,
      body: { assetUrl: assets.publish(`/${name}.jpg`, await makeImage('jpeg', 200, 140)), metadata: { creator: 'Ada Reporter', title: name } },
    });
    const signed = await readAnswer(ZSignContentResponse, response);
    const bytes = new Uint8Array(await (await suite.server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
    return { signed, bytes };
  }

  const verify = (bytes: Uint8Array, name: string) => suite.server.request('POST', 'verify-content', { body: { assetUrl: assets.publish(`/copies/${name}`, bytes) } });

  it('sends a support request to SUPPORT_EMAIL, answerable to the sender, and mails nothing to the address an anonymous sender typed', async () => {
    const sender = `reader-${Date.now()}@example.org`;
    const response = await suite.server.request('POST', 'support-requests', {
      body: { name: 'Rea Der', email: sender, subject: 'My badge\r\nBcc: victim@example.org says unsigned', message: 'The badge on my page says unsigned.\nWhy?' },
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    await until(async () => to(SUPPORT_EMAIL).filter((message) => message.parsed.subject?.startsWith(`[${reference}]`)), (messages) => messages.length >= 1, 'the support email');

    const [forSupport] = to(SUPPORT_EMAIL).filter((message) => message.parsed.subject?.startsWith(`[${reference}]`));
    expect(forSupport?.parsed.subject).toBe(`[${reference}] My badge Bcc: victim@example.org says unsigned`);
    expect(forSupport?.parsed.replyTo?.text).toBe(sender);
    expect(forSupport?.parsed.text).toContain('The badge on my page says unsigned.');
    expect(forSupport?.envelope.to).toEqual([SUPPORT_EMAIL]);
    expect(forSupport?.parsed.from?.text).toContain('no-reply@gateway.example');

    const rows = await until(() => rowsOf('support-request'), finished, 'rows sent');
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual(expect.arrayContaining([['support-request', 'sent', 1]]));
    // Anyone may type any address: the anonymous sender's typed one gets nothing (not even queued), nor does the Bcc'd one.
    expect((await rowsOf('support-acknowledgement')).filter((row) => row.to === sender)).toHaveLength(0);
    expect(to(sender)).toHaveLength(0);
    expect(to('victim@example.org')).toHaveLength(0);
  }, 60_000);

  it('acknowledges a signed-in sender’s request at their account’s address only, whatever address they typed', async () => {
    const account = await signUpAccount(suite.server);
    const typed = `someone-else-${Date.now()}@example.org`;
    const response = await suite.server.request('POST', 'support-requests', {
      token: account.session.access_token,
      body: { name: 'Ada', email: typed, subject: 'Signing question', message: 'How do I sign a video?' },
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const [acknowledgement] = await until(async () => to(account.email), (messages) => messages.length >= 1, 'the acknowledgement');
    expect(acknowledgement?.parsed.subject).toBe(`We received your support request ${reference}`);
    expect(acknowledgement?.parsed.text).toContain(reference);
    // Nothing the sender wrote is mailed back.
    expect(acknowledgement?.parsed.text).not.toContain('video');
    expect(to(typed)).toHaveLength(0);
  }, 60_000);

  it('tells an owner, at most once an hour, that someone tried to sign up with their address; the sign-up answer does not say so', async () => {
    const owner = await signUpAccount(suite.server);
    for (const password of ['guess-one-1', 'guess-two-2']) {
      const response = await suite.server.request('POST', 'auth/sign-up', { body: { email: owner.email, password } });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({ status: 'confirmation_sent' });
    }
    const [notice] = await until(async () => to(owner.email), (messages) => messages.length >= 1, 'the notice');
    expect(notice?.parsed.subject).toBe('Someone tried to create an account with your email address');
    expect(notice?.parsed.text).not.toContain('guess-');
    const rows = await until(() => rowsOf('sign-up-attempt', owner.session.user.id), finished, 'the notice sent');
    expect(rows.map((row) => [row.to, row.status])).toEqual([[owner.email, 'sent']]);
  }, 60_000);

  it('emails the owner once when their signed asset fails verification, not again within the hour, and per asset', async () => {
    const owner = await signUpAccount(suite.server);
    const userId = owner.session.user.id;
    const first = await signAsset(owner.session.access_token, 'harbour');
    const second = await signAsset(owner.session.access_token, 'bridge');
    const failure = (assetId: string, manifestId: string) => ({
      type: 'verification.failed' as const,
      accountId: userId,
      occurredAt: new Date(),
      data: { assetId, manifestId, status: 'invalid', reason: 'The content was changed after signing', failureCodes: ['assertion.dataHash.mismatch'], source: 'url', sourceUrl: 'https://news.example/copy.jpg' },
    });

    await suite.server.services.accountEvents.emit(failure(first.signed.assetId, first.signed.manifestId));
    await suite.server.services.accountEvents.emit(failure(first.signed.assetId, first.signed.manifestId));
    expect(await rowsOf('verification-alert', userId)).toHaveLength(1);
    // Another asset of the same account has its own hour.
    await suite.server.services.accountEvents.emit(failure(second.signed.assetId, second.signed.manifestId));

    const alerts = await until(async () => to(owner.email), (messages) => messages.length >= 2, 'two alerts');
    const harbour = alerts.find((message) => message.parsed.subject?.includes('harbour'));
    expect(harbour?.parsed.subject).toBe('Verification Alert: "harbour" failed verification');
    expect(harbour?.parsed.text).toContain('The content was changed after signing');
    // Where the copy was: its host only, never the URL the verifier was given.
    expect(harbour?.parsed.text).toContain('news.example');
    expect(harbour?.parsed.text).not.toContain('https://news.example/copy.jpg');
    expect(harbour?.parsed.text).toContain(`http://localhost:8080/v/${encodeURIComponent(first.signed.manifestId)}`);
    expect(harbour?.parsed.html).toContain('failed verification');
    const rows = await until(() => rowsOf('verification-alert', userId), (found) => found.length === 2 && finished(found), 'alerts sent');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(to(owner.email)).toHaveLength(2);
  }, 60_000);

  it('puts no URL or Origin text of the verifier’s into an alert: the hosts only, escaped, and no link to them', async () => {
    const owner = await signUpAccount(suite.server);
    const { signed } = await signAsset(owner.session.access_token, 'pier');
    await suite.server.services.accountEvents.emit({
      type: 'verification.failed',
      accountId: owner.session.user.id,
      occurredAt: new Date(),
      data: {
        assetId: signed.assetId,
        manifestId: signed.manifestId,
        status: 'invalid',
        source: 'url',
        sourceUrl: 'https://evil.example/reset-your-password?<b>now</b>',
        referrer: 'https://attacker.example/Click here to keep your account',
      },
    });
    const [alert] = await until(async () => to(owner.email), (messages) => messages.length >= 1, 'the alert');
    const text = alert?.parsed.text ?? '';
    const html = typeof alert?.parsed.html === 'string' ? alert.parsed.html : '';
    expect(text).toContain('evil.example');
    expect(text).toContain('attacker.example');
    for (const body of [text, html]) {
      expect(body).not.toContain('reset-your-password');
      expect(body).not.toContain('Click here');
      expect(body).not.toContain('https://evil.example');
      expect(body).not.toContain('https://attacker.example');
    }
    expect(html).not.toMatch(/href="[^"]*(evil|attacker)\.example/);
  }, 60_000);

  it('sends no alert when the owner turned Verification Alerts off', async () => {
    const owner = await signUpAccount(suite.server);
    const { signed } = await signAsset(owner.session.access_token, 'quiet');
    const saved = await suite.server.request('PUT', 'account/notifications', { token: owner.session.access_token, body: { verificationAlerts: false, weeklyReports: true, productUpdates: true } });
    expect(saved.status).toBe(200);
    await suite.server.services.accountEvents.emit({ type: 'verification.failed', accountId: owner.session.user.id, occurredAt: new Date(), data: { assetId: signed.assetId, manifestId: signed.manifestId, status: 'invalid' } });
    expect(await rowsOf('verification-alert', owner.session.user.id)).toHaveLength(0);
  });

  it('alerts the owner when a tampered copy of their signed image is verified through POST /verify-content', async () => {
    const owner = await signUpAccount(suite.server);
    const { signed, bytes } = await signAsset(owner.session.access_token, 'tampered-lighthouse');
    const response = await verify(tamperJpegPixel(bytes), 'lighthouse.jpg');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { verification: { status: string } }).verification.status).toBe('invalid');
    const [alert] = await until(async () => to(owner.email), (messages) => messages.length >= 1, 'the alert');
    expect(alert?.parsed.subject).toBe('Verification Alert: "tampered-lighthouse" failed verification');
    expect(alert?.parsed.text).toContain('assertion.dataHash.mismatch');
    expect(alert?.parsed.text).toContain(`/v/${encodeURIComponent(signed.manifestId)}`);
  }, 60_000);

  it('sends a weekly report with the week’s real counts, once per account and week, only to accounts that want it', async () => {
    const owner = await signUpAccount(suite.server);
    const a = await signAsset(owner.session.access_token, 'weekly-a');
    await signAsset(owner.session.access_token, 'weekly-b');
    for (const name of ['a1.jpg', 'a2.jpg']) expect((await verify(a.bytes, name)).status).toBe(200);
    expect((await verify(tamperJpegPixel(a.bytes), 'a3.jpg')).status).toBe(200);
    const optedOut = await signUpAccount(suite.server);
    await signAsset(optedOut.session.access_token, 'weekly-none');
    await suite.server.request('PUT', 'account/notifications', { token: optedOut.session.access_token, body: { verificationAlerts: true, weeklyReports: false, productUpdates: true } });

    // The report sent tomorrow covers the seven days up to tonight.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const weekEnd = new Date(tomorrow.toISOString().slice(0, 10));
    const report = await suite.email.weeklyReport.build(owner.session.user.id, weekEnd);
    expect(report).toMatchObject({ signings: 2, verifications: { total: 3, verified: 2, invalid: 1, partial: 0, unsigned: 0 }, failures: 1 });
    expect(report.topAssets).toEqual([{ assetId: a.signed.assetId, manifestId: a.signed.manifestId, title: 'weekly-a', verifications: 3, failures: 1 }]);

    // What the weekly schedule runs: one task per account, each building and queueing its email.
    await suite.email.weeklyReports.queueAll(tomorrow);
    const rows = await until(() => rowsOf('weekly-report', owner.session.user.id), (found) => found.length === 1 && finished(found), 'the weekly report');
    expect(rows[0]?.status).toBe('sent');
    const weekly = await until(async () => to(owner.email).filter((message) => message.parsed.subject?.startsWith('Your weekly')), (found) => found.length === 1, 'the report email');
    const text = weekly[0]?.parsed.text ?? '';
    expect(text).toContain('Assets signed: 2');
    expect(text).toContain('Verifications of your content: 3');
    expect(text).toContain('Failed (invalid): 1');
    expect(text).toContain('weekly-a: 3 verifications, 1 failed');

    // Run again (a retried tick, a second copy): no second report of the same week; the opted-out account gets none.
    await suite.email.weeklyReports.queueAll(tomorrow);
    expect(await suite.email.weeklyReports.sendFor(owner.session.user.id, weekEnd)).toBeNull();
    expect(await rowsOf('weekly-report', owner.session.user.id)).toHaveLength(1);
    expect(await rowsOf('weekly-report', optedOut.session.user.id)).toHaveLength(0);
    // The schedule is pg-boss's, kept in the database: it fires once across every server copy.
    const schedules = await (await suite.server.services.queue.boss()).getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: WEEKLY_REPORTS_QUEUE, cron: '0 8 * * 1', timezone: 'UTC' })]));
  }, 90_000);

  it('queues again an email whose task was lost (a crash between writing the row and queueing it)', async () => {
    const longAgo = new Date(Date.now() - 60 * 60_000);
    const [row] = await suite.database.db
      .insert(emailOutbox)
      .values({ kind: 'support-acknowledgement', to: 'stranded@example.org', subject: 'Stranded', text: 'Still here', createdAt: longAgo, updatedAt: longAgo })
      .returning();
    expect(await suite.email.outbox.requeueStranded()).toBe(1);
    const [message] = await until(async () => to('stranded@example.org'), (found) => found.length === 1, 'the stranded email');
    expect(message?.parsed.subject).toBe('Stranded');
    await until(() => rowsOf('support-acknowledgement'), (found) => found.find((one) => one.id === row?.id)?.status === 'sent', 'the row sent');
    // Sent (or with a task on its way), a row is not queued twice.
    expect(await suite.email.outbox.requeueStranded()).toBe(0);
  }, 60_000);

  it('removes finished emails after the retention and keeps recent ones and those still queued', async () => {
    const old = new Date(Date.now() - (EMAIL_RETENTION_DAYS + 1) * 24 * 60 * 60_000);
    const recent = new Date(Date.now() - (EMAIL_RETENTION_DAYS - 1) * 24 * 60 * 60_000);
    const rows = await suite.database.db
      .insert(emailOutbox)
      .values([
        { kind: 'support-acknowledgement', to: 'old-sent@example.org', subject: 'Old', text: 'Old', status: 'sent', createdAt: old, updatedAt: old },
        { kind: 'support-acknowledgement', to: 'old-failed@example.org', subject: 'Old', text: 'Old', status: 'failed', createdAt: old, updatedAt: old },
        { kind: 'support-acknowledgement', to: 'recent-sent@example.org', subject: 'Recent', text: 'Recent', status: 'sent', createdAt: recent, updatedAt: recent },
        // Still to be sent, however old: never removed.
        { kind: 'support-acknowledgement', to: 'old-queued@example.org', subject: 'Old', text: 'Old', status: 'queued', createdAt: old, updatedAt: new Date() },
      ])
      .returning({ id: emailOutbox.id, to: emailOutbox.to });
    expect(await suite.email.outbox.purgeFinished()).toBe(2);
    const left = new Set((await suite.email.outbox.list({ kind: 'support-acknowledgement', limit: 1000 })).map((row) => row.id));
    expect(rows.filter((row) => left.has(row.id)).map((row) => row.to)).toEqual(['recent-sent@example.org', 'old-queued@example.org']);
    expect(await suite.email.outbox.purgeFinished()).toBe(0);
  });
});

describe.each(testDatabaseKinds())('email on %s, without SMTP_URL', (kind) => {
  let suite: EmailSuite;
  // The server's clock, moved forward by the test.
  let offsetMs = 0;
  beforeAll(async () => {
    suite = await openEmailSuite(kind, { mailer: null, from: FROM, supportEmail: SUPPORT_EMAIL, ...FAST }, () => new Date(Date.now() + offsetMs));
  });
  afterAll(async () => suite.close());

  it('keeps every email in the outbox table with status outbox, and logs each one', async () => {
    const reader = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'support-requests', { token: reader.session.access_token, body: { name: 'Rea Der', email: 'reader@example.org', subject: 'Question', message: 'Hello' } });
    expect(response.status).toBe(201);
    const rows = (await until(() => suite.email.outbox.list(), (found) => found.length === 3 && finished(found), 'the outbox rows')).filter((row) => row.kind !== 'sign-up-confirmation');
    expect(rows.map((row) => [row.kind, row.to, row.status, row.attempts]).sort()).toEqual([
      ['support-acknowledgement', reader.email, 'outbox', 0],
      ['support-request', SUPPORT_EMAIL, 'outbox', 0],
    ]);
    const logged = suite.server.logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'email kept in the outbox: SMTP_URL is not set');
    expect(logged.map((line) => [line.level, line.to])).toEqual(expect.arrayContaining([['info', SUPPORT_EMAIL], ['info', reader.email]]));
    expect(logged.every((line) => typeof line.subject === 'string' && line.subject.length > 0)).toBe(true);
  }, 60_000);

  it('alerts again about the same asset once the hour has passed', async () => {
    const owner = await signUpAccount(suite.server);
    const userId = owner.session.user.id;
    const failure = () => ({ type: 'verification.failed' as const, accountId: userId, occurredAt: new Date(), data: { assetId: 'asset-of-the-hour', manifestId: 'urn:c2pa:hour', status: 'invalid' } });
    await suite.server.services.accountEvents.emit(failure());
    offsetMs = 59 * 60_000;
    await suite.server.services.accountEvents.emit(failure());
    expect(await suite.email.outbox.list({ kind: 'verification-alert', userId })).toHaveLength(1);
    offsetMs = 61 * 60_000;
    await suite.server.services.accountEvents.emit(failure());
    const rows = await until(() => suite.email.outbox.list({ kind: 'verification-alert', userId }), (found) => found.length === 2 && finished(found), 'the second alert kept');
    expect(rows.map((row) => [row.to, row.status])).toEqual([[owner.email, 'outbox'], [owner.email, 'outbox']]);
  }, 60_000);
});

describe.each(testDatabaseKinds())('email on %s, with an SMTP server that refuses', (kind) => {
  let smtp: SmtpTestServer;
  let suite: EmailSuite;
  beforeAll(async () => {
    smtp = await startSmtpTestServer({ refuse: 'relaying denied by policy' });
    suite = await openEmailSuite(kind, { mailer: createSmtpMailer(smtp.url), from: FROM, ...FAST });
  });
  afterAll(async () => {
    await suite.close();
    await smtp.close();
  });

  it('retries, then marks the email failed with the server’s reason', async () => {
    const reader = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'support-requests', { token: reader.session.access_token, body: { name: 'Rea Der', email: 'reader@example.org', subject: 'Question', message: 'Hello' } });
    expect(response.status).toBe(201);
    const rows = await until(() => suite.email.outbox.list(), (found) => found.length === 2 && finished(found), 'the emails to fail', 60_000);
    const row = rows.find((found) => found.kind === 'support-acknowledgement');
    expect(row).toMatchObject({ kind: 'support-acknowledgement', status: 'failed', attempts: 3 });
    expect(row?.error).toContain('relaying denied by policy');
    // The sign-up's confirmation mail was refused as often.
    expect(rows.find((found) => found.kind === 'sign-up-confirmation')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(smtp.refused).toBe(6);
    expect(smtp.messages).toHaveLength(0);
  }, 90_000);
});
