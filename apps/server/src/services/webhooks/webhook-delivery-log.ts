// The delivery log: one row per message (its ID is the webhook-id every attempt sends), updated by
// each attempt with what the receiver answered, until it is delivered or its retries are spent.
import type { TWebhookDelivery } from '@provenance/contracts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { webhookDeliveries } from '../../db/schema/webhooks.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface NewWebhookDelivery {
  id: string;
  endpointId: string;
  type: string;
  /** The exact JSON body. */
  payload: string;
}

export interface AttemptOutcome {
  status: 'pending' | 'delivered' | 'failed';
  responseStatus: number | null;
  error: string | null;
  at: Date;
}

export interface WebhookDeliveryLog {
  /** Logs the deliveries; a message ID already in the log is skipped (an event emitted again). Returns the rows written. */
  insert(rows: NewWebhookDelivery[]): Promise<WebhookDeliveryRow[]>;
  find(id: string): Promise<WebhookDeliveryRow | null>;
  /** Counts one attempt and records its outcome; only while the delivery is pending (a task run twice after a crash changes nothing once it is settled). */
  recordAttempt(id: string, outcome: AttemptOutcome): Promise<void>;
  /** Settles a delivery without an attempt (its endpoint was deleted). */
  settle(id: string, status: 'failed', error: string): Promise<void>;
  /** The endpoint's deliveries, newest first. */
  list(endpointId: string, limit: number): Promise<WebhookDeliveryRow[]>;
  /**
   * Deletes deliveries made before `before` (the retention, far longer than any delivery's retries):
   * settled ones, and pending ones, which that old have lost their queue task (a crash between logging
   * and queueing them) and would otherwise stay for ever. Returns how many.
   */
  purgeSettled(before: Date): Promise<number>;
}

export function toWebhookDelivery(row: WebhookDeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  };
}

export function createWebhookDeliveryLog(db: Db): WebhookDeliveryLog {
  const pending = (id: string) => and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending'));
  return {
    async insert(rows) {
      if (rows.length === 0) return [];
      return db.insert(webhookDeliveries).values(rows).onConflictDoNothing({ target: webhookDeliveries.id }).returning();
    },
    async find(id) {
      const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
      return row ?? null;
    },
    async recordAttempt(id, outcome) {
      await db
        .update(webhookDeliveries)
        .set({ status: outcome.status, responseStatus: outcome.responseStatus, lastError: outcome.error, lastAttemptAt: outcome.at, attempts: sql`${webhookDeliveries.attempts} + 1` })
        .where(pending(id));
    },
    async settle(id, status, error) {
      await db.update(webhookDeliveries).set({ status, lastError: error }).where(pending(id));
    },
    list: (endpointId, limit) =>
      db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)).limit(limit),
    async purgeSettled(before) {
      const removed = await db
        .delete(webhookDeliveries)
        .where(lt(webhookDeliveries.createdAt, before))
        .returning({ id: webhookDeliveries.id });
      return removed.length;
    },
  };
}
