import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { signUpOverHttp, signUpTokenFromSmtp } from '../../testing/sign-up-mail.ts';

// main.ts as a real process, configured only through its environment: SMTP_URL, EMAIL_FROM and
// SUPPORT_EMAIL reach the outbox, and without SMTP_URL the operator is told at start and per email.
describe('email settings of a running server', () => {
  const started: Array<{ server: ServerProcess; dataDir: string }> = [];
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(async () => {
    for (const { server, dataDir } of started) {
      server.child.kill('SIGTERM');
      await server.exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    await smtp.close();
  });

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-process-'));
    const server = await startServerProcess(dataDir, { TRUST_LIST_REFRESH_HOURS: '0', ENGINE_WORKERS: '0', ...env });
    started.push({ server, dataDir });
    return server;
  }

  const askSupport = (server: ServerProcess, email: string, token?: string) =>
    fetch(`${server.baseUrl}/api/v1/support-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ name: 'Rea Der', email, subject: 'Where is my badge?', message: 'Hello' }),
    });

  it('sends through SMTP_URL from EMAIL_FROM to SUPPORT_EMAIL, and the acknowledgement to the signed-in sender', async () => {
    const server = await start({ SMTP_URL: smtp.url, EMAIL_FROM: 'Gateway Alerts <alerts@gateway.example>', SUPPORT_EMAIL: 'help@gateway.example' });
    const session = await signUpOverHttp(`${server.baseUrl}/api/v1`, 'reader@example.org', 'a-reader-secret', (email) => signUpTokenFromSmtp(smtp, email));
    expect((await askSupport(server, 'reader@example.org', session.access_token)).status).toBe(201);
    // The sign-up's confirmation mail came first.
    const messages = (await smtp.waitFor(3)).slice(1);
    expect(messages.map((message) => message.envelope.to[0]).sort()).toEqual(['help@gateway.example', 'reader@example.org']);
    for (const message of messages) expect(message.parsed.from?.value).toEqual([{ name: 'Gateway Alerts', address: 'alerts@gateway.example' }]);
  }, 180_000);

  it('without SMTP_URL says so at start, and logs each email it keeps in the outbox', async () => {
    const server = await start({ SUPPORT_EMAIL: 'help@gateway.example' });
    const warning = await server.waitForLog((entry) => entry.msg.startsWith('SMTP_URL is not set'));
    expect(warning.level).toBe('warn');
    expect((await askSupport(server, 'reader@example.org')).status).toBe(201);
    const kept = await server.waitForLog((entry) => entry.msg === 'email kept in the outbox: SMTP_URL is not set' && entry.to === 'help@gateway.example');
    expect(kept).toMatchObject({ level: 'info', kind: 'support-request', subject: expect.stringContaining('Where is my badge?') as unknown });
  }, 180_000);
});
