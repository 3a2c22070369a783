// Tables of batch jobs (many verifications or signings of assets named by URL, run on the work
// queue) and of Idempotency-Key answers (a replayed POST gets the first answer, the work done once).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const batchJobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  /** Deleting the account deletes its jobs and their items. */
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: ['verify', 'sign'] }).notNull(),
  /** queued → running (an item started) → completed (every item done or failed; failed when none was done). */
  status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] }).notNull().default('queued'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** When its items were put on the work queue; null until then (a crash in between is re-queued by the reconciler). */
  enqueuedAt: moment('enqueued_at'),
  createdAt: createdAt(),
  startedAt: moment('started_at'),
  completedAt: moment('completed_at'),
  /**
   * When job.completed was emitted; null on a finished job means a crash came between finishing its
   * last item and the emission, and the requeue pass emits it.
   */
  completionAnnouncedAt: moment('completion_announced_at'),
}, (table) => [
  index('jobs_user_idx').on(table.userId, table.createdAt),
  index('jobs_unqueued_idx').on(table.createdAt).where(sql`enqueued_at is null`),
  index('jobs_unannounced_idx').on(table.completedAt).where(sql`completed_at is not null and completion_announced_at is null`),
]);

export const batchJobItems = pgTable('job_items', {
  jobId: text('job_id').notNull().references(() => batchJobs.id, { onDelete: 'cascade' }),
  index: integer('index').notNull(),
  assetUrl: text('asset_url').notNull(),
  /** The signing metadata of a sign job's item; null for a verify job. */
  metadata: jsonb('metadata'),
  status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull().default('queued'),
  /** The item's answer as JSON text (a verification, or a signing without its links), when done. */
  result: text('result'),
  /** Why it could not be processed, when failed. */
  error: jsonb('error').$type<{ code: string; message: string }>(),
  /** Attempts that ended in an error; a crash or an expiry of the copy running it does not count. */
  attempts: integer('attempts').notNull().default(0),
  finishedAt: moment('finished_at'),
}, (table) => [primaryKey({ columns: [table.jobId, table.index] })]);

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  /** SHA-256 of the operation and its request: the same key with another request is refused. */
  fingerprint: text('fingerprint').notNull(),
  /** pending while the first request does the work; done once its answer is stored. */
  state: text('state', { enum: ['pending', 'done'] }).notNull().default('pending'),
  responseStatus: integer('response_status'),
  responseType: text('response_type'),
  responseBody: text('response_body'),
  createdAt: createdAt(),
  /** When the pending claim was taken (a claim left by a crash is taken over after a while). */
  claimedAt: moment('claimed_at').notNull().defaultNow(),
  expiresAt: moment('expires_at').notNull(),
}, (table) => [primaryKey({ columns: [table.userId, table.key] }), index('idempotency_keys_expiry_idx').on(table.expiresAt)]);
