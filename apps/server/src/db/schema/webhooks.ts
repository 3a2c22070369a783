// Tables of webhooks: the endpoints an account registers to hear of its events (URL, the events it
// wants, its signing secret sealed under the key-encryption key) and the log of deliveries made to
// them, one row per message whatever the number of attempts.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** Event types (TWebhookEventType) the endpoint is sent. */
  events: text('events').array().notNull(),
  /** The whsec_ secret sealed by the key vault (services/signing-identities/key-vault.ts); shown once, never returned. */
  sealedSecret: text('sealed_secret').notNull(),
  createdAt: createdAt(),
  /** Set when the account deletes the endpoint: nothing more is sent, its delivery log is kept. */
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
}, (table) => [index('webhook_endpoints_user_idx').on(table.userId, table.deletedAt)]);

export const webhookDeliveries = pgTable('webhook_deliveries', {
  /** The message ID: the webhook-id header, the same on every attempt. */
  id: text('id').primaryKey(),
  endpointId: text('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  /** The exact JSON body sent ({type, timestamp, data}), kept as text so every attempt sends the same bytes. */
  payload: text('payload').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** HTTP status of the last attempt; null when nothing answered. */
  responseStatus: integer('response_status'),
  lastError: text('last_error'),
  createdAt: createdAt(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
}, (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt)]);
