// Tables of the email the gateway sends: the outbox (every email is a row, whatever became of it)
// and the alert throttle that keeps Verification Alerts to one per asset per hour on every copy.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

export const EMAIL_KINDS = ['verification-alert', 'weekly-report', 'support-request', 'support-acknowledgement', 'organization-confirmation', 'sign-up-attempt', 'sign-up-confirmation'] as const;
/** queued: waiting for the queue; sent: the SMTP server took it; outbox: no SMTP_URL, kept here; failed: retries spent. */
export const EMAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed'] as const;

export const emailOutbox = pgTable('email_outbox', {
  id: text('id').primaryKey().$defaultFn(() => crypto.randomUUID()),
  kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
  /** The account the email is about, when one; deleting the account deletes its emails. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  to: text('to').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
  /** Delivery attempts made so far. */
  attempts: integer('attempts').notNull().default(0),
  /** Why the last attempt failed. */
  error: text('error'),
  /** One email per key, ever: a second weekly report of the same account and week is not written. */
  dedupeKey: text('dedupe_key').unique(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [index('email_outbox_status_idx').on(table.status, table.createdAt), index('email_outbox_user_idx').on(table.userId)]);

/** When an alert was last sent for a key (an asset): an alert within the hour after it is not sent. */
export const emailAlertThrottle = pgTable('email_alert_throttle', {
  key: text('key').primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});
