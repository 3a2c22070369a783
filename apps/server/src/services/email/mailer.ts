// The SMTP side of email: a nodemailer transport made from SMTP_URL, behind the small interface the
// outbox uses, so nothing else knows of nodemailer. Without SMTP_URL there is no mailer, and the
// outbox keeps the emails it would have sent.
import type { Transporter } from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Stable Message-ID domain part comes from the From; the outbox row ID goes in a header for tracing. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects with its reason otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/** The From used when EMAIL_FROM is unset: a no-reply address at the public host. */
export function defaultEmailFrom(publicUrl: string): string {
  return `Provenance Gateway <no-reply@${new URL(publicUrl).hostname}>`;
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  // nodemailer is loaded at the first email, not at start: a server without SMTP_URL never needs it.
  // Short timeouts: a relay that does not answer fails the attempt, and the queue retries later
  // instead of a worker hanging on it.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    ));
  return {
    async send(email) {
      await (await open()).sendMail({
        from: email.from,
        to: email.to,
        ...(email.replyTo && { replyTo: email.replyTo }),
        subject: email.subject,
        text: email.text,
        ...(email.html && { html: email.html }),
        ...(email.headers && { headers: email.headers }),
      });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
