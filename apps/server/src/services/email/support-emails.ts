// Support requests by email: each new request goes to SUPPORT_EMAIL (when set), with Reply-To the
// sender so support answers them directly, and the sender gets an acknowledgement with the
// reference. The acknowledgement repeats nothing the sender wrote: anyone may name any address in
// the form, and the gateway must not become a way to mail someone else words of your choosing.
import type { TCreateSupportRequest, TSupportRequestReceipt } from '@provenance/contracts';
import { oneLine, renderEmail } from './email-layout.ts';
import type { EmailOutbox } from './email-outbox.ts';

export interface SupportEmails {
  /** Queues both emails of a request just stored. */
  requestReceived(request: TCreateSupportRequest, receipt: TSupportRequestReceipt, userId: string | undefined): Promise<void>;
}

export function createSupportEmails(deps: { outbox: EmailOutbox; supportEmail: string | undefined; publicUrl: string }): SupportEmails {
  return {
    async requestReceived(request, receipt, userId) {
      if (deps.supportEmail) {
        await deps.outbox.enqueue({
          kind: 'support-request',
          userId: userId ?? null,
          to: deps.supportEmail,
          replyTo: request.email,
          ...renderEmail({
            subject: `[${receipt.reference}] ${oneLine(request.subject)}`,
            heading: `Support request ${receipt.reference}`,
            paragraphs: [request.message],
            facts: [
              ['From', `${oneLine(request.name)} <${request.email}>`],
              ['Subject', oneLine(request.subject, 300)],
              ['Account', userId ?? 'not signed in'],
              ['Received', receipt.createdAt],
            ],
            footer: 'Reply to this email to answer the sender.',
          }),
        });
      }
      await deps.outbox.enqueue({
        kind: 'support-acknowledgement',
        userId: userId ?? null,
        to: request.email,
        ...renderEmail({
          subject: `We received your support request ${receipt.reference}`,
          heading: 'We received your support request',
          paragraphs: [
            `Thank you for contacting Provenance Gateway support. Your request has the reference ${receipt.reference}; please quote it if you write to us about it.`,
            'We answer at this address. If you did not send a request, you can ignore this email.',
          ],
          links: [{ label: 'Support Center', url: new URL('/support', deps.publicUrl).href }],
        }),
      });
    },
  };
}
