// Finishing a sign-up in tests as a person does: read the confirmation mail the server wrote (its
// outbox row, the SMTP test server's message, or, for a server without SMTP_URL, the link it logs)
// and follow its link through the real POST /auth/confirm-sign-up. There is no other way in.
import type { TSession } from '@provenance/contracts';
import type { EmailOutbox } from '../services/email/email-outbox.ts';
import type { LogEntry, ServerProcess } from './server-process.ts';
import type { SmtpTestServer } from './smtp-test-server.ts';
import { nameTestOrganizationAt } from './test-organization.ts';

/** What the server logs for each email it keeps without SMTP_URL (with the link of a confirmation). */
export const KEPT_EMAIL_LOG = 'email kept in the outbox: SMTP_URL is not set';

/** The token of a confirmation link (…/confirm-sign-up#token=…) in a mail's text or a logged link. */
export function signUpTokenIn(text: string): string {
  const match = /\/confirm-sign-up#token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no sign-up confirmation link in: ${text.slice(0, 300)}`);
  return decodeURIComponent(match[1]);
}

/** The token of the newest confirmation mail to `email` in the outbox (written before sign-up answers). */
export async function signUpTokenFromOutbox(outbox: EmailOutbox, email: string): Promise<string> {
  const rows = await outbox.list({ kind: 'sign-up-confirmation', limit: 1000 });
  const mail = rows.find((row) => row.to === email.trim().toLowerCase());
  if (!mail) throw new Error(`no sign-up confirmation mail to ${email}`);
  return signUpTokenIn(mail.text);
}

/** The token a server process without SMTP_URL logged for `email` (its log level must let info through). */
export async function signUpTokenFromLog(waitForLog: (matches: (entry: LogEntry) => boolean) => Promise<LogEntry>, email: string): Promise<string> {
  const entry = await waitForLog((line) => line.msg === KEPT_EMAIL_LOG && line.kind === 'sign-up-confirmation' && line.to === email.trim().toLowerCase());
  return signUpTokenIn(String(entry.link));
}

/** The token of the first confirmation mail to `email` the SMTP test server receives (20 s at most). */
export async function signUpTokenFromSmtp(smtp: SmtpTestServer, email: string): Promise<string> {
  const to = email.trim().toLowerCase();
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = smtp.messages.find((message) => message.envelope.to.includes(to) && /confirm-sign-up#token=/.test(message.parsed.text ?? ''));
    if (mail) return signUpTokenIn(mail.parsed.text ?? '');
    if (Date.now() > deadline) throw new Error(`no sign-up confirmation mail to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Signs up on a server process without SMTP_URL, confirming with the link it logs, and names the
 * organisation it signs under (TEST_ORGANIZATION): the new account's session, ready to sign.
 */
export async function signUpOnProcess(server: Pick<ServerProcess, 'baseUrl' | 'waitForLog'>, email: string, password: string): Promise<TSession> {
  const session = await signUpOverHttp(`${server.baseUrl}/api/v1`, email, password, (address) => signUpTokenFromLog(server.waitForLog, address));
  await nameTestOrganizationAt(`${server.baseUrl}/api/v1`, session.access_token);
  return session;
}

/**
 * Signs up over real HTTP at `apiBase` (…/api/v1) and confirms with the token `readToken` finds:
 * the session of the new account.
 */
export async function signUpOverHttp(apiBase: string, email: string, password: string, readToken: (email: string) => Promise<string>, headers: Record<string, string> = {}): Promise<TSession> {
  const post = (path: string, body: unknown) => fetch(`${apiBase}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const started = await post('auth/sign-up', { email, password });
  if (started.status !== 202) throw new Error(`sign-up failed: ${started.status} ${await started.text()}`);
  const confirmed = await post('auth/confirm-sign-up', { token: await readToken(email) });
  if (confirmed.status !== 201) throw new Error(`sign-up confirmation failed: ${confirmed.status} ${await confirmed.text()}`);
  return ((await confirmed.json()) as { session: TSession }).session;
}
