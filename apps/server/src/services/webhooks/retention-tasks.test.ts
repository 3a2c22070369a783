// The retention of webhook deliveries and emails as it runs: the daily and ten-minute tasks taken
// from the real work queue (pg-boss), as their cron schedules send them, remove what is past the
// retention (deliveries, settled or stranded pending; finished emails; alert throttle slots) and
// keep what is recent.
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { emailAlertThrottle, emailOutbox, users, webhookDeliveries } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import { eventually } from '../../testing/webhook-receiver.ts';
import { EMAIL_RETENTION_DAYS, EMAIL_SWEEP_QUEUE } from '../email/email-outbox.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { createWebhookEndpointStore } from './webhook-endpoint-store.ts';
import { WEBHOOK_DELIVERY_RETENTION_DAYS, WEBHOOK_RETENTION_QUEUE } from './webhooks.ts';

const DAY_MS = 24 * 60 * 60_000;

describe.each(testDatabaseKinds())('retention tasks on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { email: { mailer: null, from: 'Provenance Gateway <no-reply@gateway.example>', pollingIntervalSeconds: 0.5 } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('removes webhook deliveries past the retention, a stranded pending one too, when the daily task runs', async () => {
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    const sealedSecret = createKeyVault(randomBytes(32)).seal(`whsec_${randomBytes(32).toString('base64')}`);
    const endpoint = await createWebhookEndpointStore(database.db).insert({ id: randomUUID(), userId, url: 'https://hooks.example.org/a', events: ['asset.signed'], sealedSecret });
    const old = new Date(Date.now() - (WEBHOOK_DELIVERY_RETENTION_DAYS + 1) * DAY_MS);
    const recent = new Date(Date.now() - DAY_MS);
    const delivery = (status: 'pending' | 'delivered' | 'failed', createdAt: Date) => ({ id: `msg_${randomUUID()}`, endpointId: endpoint.id, type: 'asset.signed', payload: '{}', status, createdAt });
    const rows = [delivery('delivered', old), delivery('failed', old), delivery('pending', old), delivery('delivered', recent), delivery('pending', recent)];
    await database.db.insert(webhookDeliveries).values(rows);

    await server.services.queue.send(WEBHOOK_RETENTION_QUEUE, {});
    const left = await eventually(async () => {
      const found = await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, rows.map((row) => row.id)));
      return found.length <= 2 ? found : undefined;
    }, 'the old deliveries to go', 15_000);
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([rows[3]!.id, rows[4]!.id]));
  }, 30_000);

  it('removes finished emails and alert throttle slots past the retention when the outbox sweep runs', async () => {
    const old = new Date(Date.now() - (EMAIL_RETENTION_DAYS + 1) * DAY_MS);
    const recent = new Date(Date.now() - DAY_MS);
    const emails = await database.db
      .insert(emailOutbox)
      .values([
        { kind: 'support-acknowledgement', to: 'old-outbox@example.org', subject: 'Old', text: 'Old', status: 'outbox', createdAt: old, updatedAt: old },
        { kind: 'support-acknowledgement', to: 'recent-outbox@example.org', subject: 'Recent', text: 'Recent', status: 'outbox', createdAt: recent, updatedAt: recent },
      ])
      .returning({ id: emailOutbox.id, to: emailOutbox.to });
    const slots = [`verification-alert:${randomUUID()}`, `verification-alert:${randomUUID()}`];
    await database.db.insert(emailAlertThrottle).values([
      { key: slots[0]!, lastSentAt: old },
      { key: slots[1]!, lastSentAt: recent },
    ]);

    await server.services.queue.send(EMAIL_SWEEP_QUEUE, {});
    await eventually(async () => {
      const found = await database.db.select({ key: emailAlertThrottle.key }).from(emailAlertThrottle).where(inArray(emailAlertThrottle.key, slots));
      return found.length === 1 ? found : undefined;
    }, 'the old throttle slot to go', 15_000);
    const left = await database.db.select({ to: emailOutbox.to }).from(emailOutbox).where(inArray(emailOutbox.id, emails.map((row) => row.id)));
    expect(left.map((row) => row.to)).toEqual(['recent-outbox@example.org']);
    expect((await database.db.select({ key: emailAlertThrottle.key }).from(emailAlertThrottle).where(inArray(emailAlertThrottle.key, slots))).map((row) => row.key)).toEqual([slots[1]]);
  }, 30_000);
});
