// Support requests by email: each new request goes to SUPPORT_EMAIL (when set), with Reply-To the
// sender so support answers them directly, and a signed-in sender gets an acknowledgement with the
// reference at their account's own address. Anyone may type any address in the form, so nothing is
// mailed to a typed address: the gateway must not become a way to mail someone else (an anonymous
// sender has the reference in the answer already). The acknowledgement repeats nothing they wrote.
import type { TCreateSupportRequest, TSupportRequestReceipt } from '@provenance/contracts';
import type { Db } from '../../db/create-db.ts';
import { oneLine, renderEmail } from './email-layout.ts';
import type { EmailOutbox } from './email-outbox.ts';
import { accountRecipient } from './recipients.ts';

export interface SupportEmails {
  /** Queues both emails of a request just stored. */
  requestReceived(request: TCreateSupportRequest, receipt: TSupportRequestReceipt, userId: string | undefined): Promise<void>;
}

export function createSupportEmails(deps: { db: Db; outbox: EmailOutbox; supportEmail: string | undefined; publicUrl: string }): SupportEmails {
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
      const accountAddress = userId ? await accountRecipient(deps.db, userId) : null;
      if (!accountAddress) return;
      await deps.outbox.enqueue({
        kind: 'support-acknowledgement',
        userId: userId ?? null,
        to: accountAddress,
        ...renderEmail({
          subject: `We received your support request ${receipt.reference}`,
          heading: 'We received your support request',
          paragraphs: [
            `Thank you for contacting Provenance Gateway support. Your request has the reference ${receipt.reference}; please quote it if you write to us about it.`,
            'We answer at the address you gave in the request. If you did not send a request, you can ignore this email.',
          ],
          links: [{ label: 'Support Center', url: new URL('/support', deps.publicUrl).href }],
        }),
      });
    },
  };
}
