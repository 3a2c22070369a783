// A real SMTP server for tests (the npm smtp-server on 127.0.0.1, a random port): it collects every
// message it accepts, parsed with mailparser, so a test reads what a mail client would. It can also
// ask for a login (the URL then carries it) or refuse every message, as a broken relay does.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedEmail {
  /** The envelope: who the server was told the message is from and for (RCPT TO, so Bcc too). */
  envelope: { from: string; to: string[] };
  /** The message as mailparser reads it: subject, text, html, headers. */
  parsed: ParsedMail;
}

export interface SmtpTestServer {
  /** smtp://[user:pass@]127.0.0.1:<port>, the form SMTP_URL takes. */
  url: string;
  /** Every message accepted so far, in arrival order. */
  messages: ReceivedEmail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEmail[]>;
  /** Messages refused so far (refuse option). */
  readonly refused: number;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Require this login (AUTH PLAIN/LOGIN); the URL carries it. */
  auth?: { user: string; pass: string };
  /** Refuse every message after DATA with this reply (a 5xx permanent error, e.g. a relay that says no). */
  refuse?: string;
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedEmail[] = [];
  let refused = 0;
  const serverOptions: SMTPServerOptions = {
    // No STARTTLS: the test server has no certificate a client should trust, and plain SMTP on
    // loopback is what an smtp:// URL asks for.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (options.refuse !== undefined) {
            refused += 1;
            const error = new Error(options.refuse) as Error & { responseCode: number };
            error.responseCode = 550;
            callback(error);
            return;
          }
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          messages.push({ envelope: { from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address) }, parsed });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    get refused() {
      return refused;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, ${messages.length} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
