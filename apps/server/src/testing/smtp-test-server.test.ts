import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { startSmtpTestServer } from './smtp-test-server.ts';

describe('SMTP test server', () => {
  it('collects what a mail client sends, with the login the URL carries', async () => {
    const smtp = await startSmtpTestServer({ auth: { user: 'gateway', pass: 's3cret' } });
    try {
      const transport = nodemailer.createTransport(smtp.url);
      await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'Hello', text: 'Body' });
      const [message] = await smtp.waitFor(1);
      expect(message?.parsed.subject).toBe('Hello');
      expect(message?.parsed.text?.trim()).toBe('Body');
      expect(message?.envelope.to).toEqual(['b@example.com']);
      await expect(nodemailer.createTransport(smtp.url.replace('s3cret', 'wrong')).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
    } finally {
      await smtp.close();
    }
  });

  it('refuses every message when told to', async () => {
    const smtp = await startSmtpTestServer({ refuse: 'relay denied' });
    try {
      await expect(nodemailer.createTransport(smtp.url).sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/relay denied/);
      expect(smtp.messages).toHaveLength(0);
      expect(smtp.refused).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});
