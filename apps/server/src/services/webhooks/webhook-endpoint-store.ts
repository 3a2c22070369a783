// The webhook endpoints an account has registered, as rows: written, listed, found for a delivery
// and deleted (kept with deleted_at, so the delivery log still has its endpoint).
import type { TWebhookEventType } from '@provenance/contracts';
import { and, arrayContains, count, desc, eq, isNull, lt, notExists } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export interface WebhookEndpointStore {
  insert(row: { id: string; userId: string; url: string; events: TWebhookEventType[]; sealedSecret: string }): Promise<WebhookEndpointRow>;
  /** The account's endpoints that are not deleted, newest first. */
  listActive(userId: string): Promise<WebhookEndpointRow[]>;
  countActive(userId: string): Promise<number>;
  /** The account's endpoint, not deleted; null for another account's, a deleted or an unknown one. */
  findActive(userId: string, id: string): Promise<WebhookEndpointRow | null>;
  /** Any endpoint, deleted or not (a delivery of a deleted endpoint is not made). */
  findById(id: string): Promise<WebhookEndpointRow | null>;
  /** The account's endpoints subscribed to the event type. */
  subscribers(userId: string, type: TWebhookEventType): Promise<WebhookEndpointRow[]>;
  /** True when an endpoint of the account was deleted now. */
  markDeleted(userId: string, id: string, at: Date): Promise<boolean>;
  /** Removes endpoints deleted before `before` that no longer have a delivery in the log. Returns how many. */
  purgeDeleted(before: Date): Promise<number>;
}

const activeOf = (userId: string) => and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.deletedAt));

export function createWebhookEndpointStore(db: Db): WebhookEndpointStore {
  return {
    async insert(values) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      if (!row) throw new Error('webhook endpoint insert returned no row');
      return row;
    },
    listActive: (userId) => db.select().from(webhookEndpoints).where(activeOf(userId)).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)),
    async countActive(userId) {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(activeOf(userId));
      return row?.n ?? 0;
    },
    async findActive(userId, id) {
      const [row] = await db.select().from(webhookEndpoints).where(and(activeOf(userId), eq(webhookEndpoints.id, id))).limit(1);
      return row ?? null;
    },
    async findById(id) {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
      return row ?? null;
    },
    subscribers: (userId, type) => db.select().from(webhookEndpoints).where(and(activeOf(userId), arrayContains(webhookEndpoints.events, [type]))),
    async markDeleted(userId, id, at) {
      const rows = await db.update(webhookEndpoints).set({ deletedAt: at }).where(and(activeOf(userId), eq(webhookEndpoints.id, id))).returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },
    async purgeDeleted(before) {
      const removed = await db
        .delete(webhookEndpoints)
        .where(and(lt(webhookEndpoints.deletedAt, before), notExists(db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, webhookEndpoints.id)))))
        .returning({ id: webhookEndpoints.id });
      return removed.length;
    },
  };
}
