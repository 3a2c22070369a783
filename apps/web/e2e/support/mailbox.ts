// The run's mailbox, started by Playwright before the app server: a real SMTP server on 127.0.0.1
// (the app server's SMTP_URL) keeping every message it accepts, parsed as a mail client reads it,
// and a small HTTP side for the specs: GET /messages?to=<address> lists the messages to that
// address (subject and text), oldest first. Sign-ups are confirmed through the link of such a mail.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAILBOX_PORT, SMTP_PORT } from './e2e-env.ts';

interface KeptMessage {
  to: string[];
  subject: string;
  text: string;
}

const messages: KeptMessage[] = [];

const smtp = new SMTPServer({
  // Plain SMTP on loopback, no login: what an smtp:// URL without credentials asks for.
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(messages.filter((message) => message.to.includes(to)).map(({ subject, text }) => ({ subject, text }))));
    return;
  }
  response.statusCode = 404;
  response.end();
}).listen(MAILBOX_PORT, '127.0.0.1');
