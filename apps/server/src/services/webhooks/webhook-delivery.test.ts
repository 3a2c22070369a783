// Webhook deliveries as several server copies make them: two copies' queues over one database send
// each message once, and one attempt never sends what is settled (delivered, or its endpoint deleted).
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { eq, inArray } from 'drizzle-orm';
import { users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestFetcher, createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { eventually, startWebhookReceiver, verifiedDelivery, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { createWebhookDeliveryLog } from './webhook-delivery-log.ts';
import { createWebhookEndpointStore } from './webhook-endpoint-store.ts';
import { createWebhookSender } from './webhook-sender.ts';
import { createJobStore } from '../jobs/job-store.ts';
import { UNQUEUED_JOBS_QUEUE } from '../jobs/job-item-worker.ts';
import { messageIdFor, WEBHOOK_DELIVERY_RETENTION_DAYS } from './webhooks.ts';

const QUICK = { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: true, pollingIntervalSeconds: 0.5, batchSize: 10, concurrency: 2 };

describe.each(testDatabaseKinds())('webhook deliveries on %s', (kind) => {
  let database: DbHandle;
  let receiver: WebhookReceiver;
  let copies: TestServer[] = [];
  // One key vault for every server copy of this database, as copies share KEY_ENCRYPTION_KEY: any of
  // them may take a delivery another queued.
  const keyVault = createKeyVault(randomBytes(32));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    receiver?.close();
    for (const copy of copies) await copy.close();
    await database?.close();
  });

  it('sends each message once across two server copies', async () => {
    copies = [await createTestServer(database, { webhookDelivery: QUICK, keyVault }), await createTestServer(database, { webhookDelivery: QUICK, keyVault })];
    const [first, second] = copies as [TestServer, TestServer];
    const userId = (await signUpAccount(first)).session.user.id;
    // The second copy's queue starts too, so both fetch deliveries.
    await second.services.queue.start();
    const webhook = await first.services.webhooks.register(userId, { url: receiver.url('/copies'), events: ['asset.signed'] });
    const count = 24;
    for (let i = 0; i < count; i += 1) {
      await first.services.accountEvents.emit({ type: 'asset.signed', accountId: userId, occurredAt: new Date(), data: { assetId: `asset-${i}` } });
    }
    await eventually(async () => {
      const log = await first.services.webhooks.deliveries(userId, webhook.id, 100);
      return log.length === count && log.every((delivery) => delivery.status === 'delivered') ? log : undefined;
    }, 'every delivery to be delivered');
    const arrived = receiver.receivedAt('/copies');
    expect(arrived).toHaveLength(count);
    expect(new Set(arrived.map((delivery) => delivery.headers['webhook-id'])).size).toBe(count);
    expect(new Set(arrived.map((delivery) => (verifiedDelivery(delivery, webhook.secret).data as { assetId: string }).assetId)).size).toBe(count);
  });

  it('sends nothing for a settled delivery or a deleted endpoint', async () => {
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    const vault = createKeyVault(randomBytes(32));
    const endpoints = createWebhookEndpointStore(database.db);
    const log = createWebhookDeliveryLog(database.db);
    const send = createWebhookSender({ endpoints, log, vault, fetcher: createTestFetcher(), maxAttempts: 3, clock: () => new Date() });
    const endpoint = await endpoints.insert({ id: randomUUID(), userId, url: receiver.url('/settled'), events: ['asset.signed'], sealedSecret: vault.seal(`whsec_${randomBytes(32).toString('base64')}`) });
    const payload = JSON.stringify({ type: 'asset.signed', timestamp: new Date().toISOString(), data: {} });
    const [delivered, orphaned] = await log.insert([
      { id: `msg_${randomUUID()}`, endpointId: endpoint.id, type: 'asset.signed', payload },
      { id: `msg_${randomUUID()}`, endpointId: endpoint.id, type: 'asset.signed', payload },
    ]);

    // A task run again (a crash before the queue heard it finished) sends a delivered message no second time.
    await send(delivered!.id);
    await send(delivered!.id);
    expect(receiver.receivedAt('/settled')).toHaveLength(1);
    expect(await log.find(delivered!.id)).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204 });

    // Deleted while its delivery waited: nothing is sent, the log says why.
    await endpoints.markDeleted(userId, endpoint.id, new Date());
    await send(orphaned!.id);
    expect(receiver.receivedAt('/settled')).toHaveLength(1);
    expect(await log.find(orphaned!.id)).toMatchObject({ status: 'failed', attempts: 0, lastError: 'The endpoint was deleted before the delivery was made' });
  });

  it('logs and sends an event emitted twice with its own ID once per endpoint (job.completed announced again after a crash)', async () => {
    const server = await createTestServer(database, { webhookDelivery: QUICK, keyVault });
    copies.push(server);
    const userId = (await signUpAccount(server)).session.user.id;
    const webhook = await server.services.webhooks.register(userId, { url: receiver.url('/again'), events: ['job.completed'] });
    const event = { type: 'job.completed' as const, accountId: userId, occurredAt: new Date(), data: { id: 'job-1', status: 'completed' }, eventId: 'job.completed:job-1' };
    await server.services.accountEvents.emit(event);
    await server.services.accountEvents.emit(event);
    // A different job's event is its own message.
    await server.services.accountEvents.emit({ ...event, data: { id: 'job-2', status: 'completed' }, eventId: 'job.completed:job-2' });
    await eventually(async () => {
      const log = await server.services.webhooks.deliveries(userId, webhook.id, 10);
      return log.length === 2 && log.every((delivery) => delivery.status === 'delivered') ? log : undefined;
    }, 'both deliveries to be delivered');
    const arrived = receiver.receivedAt('/again');
    expect(arrived.map((delivery) => (verifiedDelivery(delivery, webhook.secret).data as { id: string }).id).sort()).toEqual(['job-1', 'job-2']);
  });

  it('sends job.completed once when a crash came between logging its delivery and queueing it: the requeue pass queues it', async () => {
    const server = await createTestServer(database, { webhookDelivery: QUICK, keyVault });
    copies.push(server);
    const userId = (await signUpAccount(server)).session.user.id;
    const webhook = await server.services.webhooks.register(userId, { url: receiver.url('/crashed'), events: ['job.completed'] });
    // As a copy that died two minutes ago right after logging the job's delivery: the job finished and
    // not recorded as announced, its delivery logged, no queue task for it.
    const jobs = createJobStore(database.db, () => new Date(Date.now() - 120_000));
    const jobId = randomUUID();
    await jobs.create({ id: jobId, userId, type: 'verify' }, [{ assetUrl: 'https://example.org/photo.jpg' }]);
    await jobs.markEnqueued(jobId);
    const { job } = (await jobs.finish(jobId, 0, { status: 'done', result: '{}' }))!;
    const payload = JSON.stringify({ type: 'job.completed', timestamp: job.completedAt!.toISOString(), data: { id: jobId, type: 'verify', status: job.status, total: 1, done: 1, failed: 0 } });
    await createWebhookDeliveryLog(database.db).insert([{ id: messageIdFor({ eventId: `job.completed:${jobId}` }, webhook.id), endpointId: webhook.id, type: 'job.completed', payload }]);

    // The pass pg-boss fires every minute, sent at once here, twice: the second finds nothing to do.
    const boss = await server.services.queue.boss();
    for (let pass = 0; pass < 2; pass += 1) {
      const id = await server.services.queue.send(UNQUEUED_JOBS_QUEUE, {});
      await eventually(async () => ((await boss.getJobById(UNQUEUED_JOBS_QUEUE, id!))?.state === 'completed' ? true : undefined), 'the requeue pass');
    }
    const [delivery] = await eventually(async () => {
      const log = await server.services.webhooks.deliveries(userId, webhook.id, 10);
      return log.length === 1 && log[0]!.status === 'delivered' ? log : undefined;
    }, 'the logged delivery to be delivered', 15_000);
    expect(delivery!.type).toBe('job.completed');
    const arrived = receiver.receivedAt('/crashed');
    expect(arrived).toHaveLength(1);
    expect((verifiedDelivery(arrived[0]!, webhook.secret).data as { id: string }).id).toBe(jobId);
    expect(await jobs.listUnannounced(new Date())).toEqual([]);
  });

  it('trims the delivery log after the retention: old deliveries (settled, or pending with their task lost) and emptied deleted endpoints go, the rest stays', async () => {
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    const day = 24 * 60 * 60_000;
    const old = new Date(Date.now() - (WEBHOOK_DELIVERY_RETENTION_DAYS + 1) * day);
    const recent = new Date(Date.now() - (WEBHOOK_DELIVERY_RETENTION_DAYS - 1) * day);
    const endpoints = createWebhookEndpointStore(database.db);
    const sealedSecret = createKeyVault(randomBytes(32)).seal(`whsec_${randomBytes(32).toString('base64')}`);
    const endpoint = (url: string) => endpoints.insert({ id: randomUUID(), userId, url, events: ['asset.signed'], sealedSecret });
    const [active, deletedLongAgo, deletedWithRecent] = [await endpoint('https://a.example/'), await endpoint('https://b.example/'), await endpoint('https://c.example/')];
    await database.db.update(webhookEndpoints).set({ deletedAt: old }).where(inArray(webhookEndpoints.id, [deletedLongAgo!.id, deletedWithRecent!.id]));
    const delivery = (endpointId: string, status: 'pending' | 'delivered' | 'failed', createdAt: Date) => ({ id: `msg_${randomUUID()}`, endpointId, type: 'asset.signed', payload: '{}', status, createdAt });
    const rows = [
      delivery(active!.id, 'delivered', old),
      delivery(active!.id, 'failed', old),
      delivery(active!.id, 'pending', old),
      delivery(active!.id, 'delivered', recent),
      delivery(deletedLongAgo!.id, 'failed', old),
      delivery(deletedWithRecent!.id, 'delivered', recent),
    ];
    await database.db.insert(webhookDeliveries).values(rows);
    const server = await createTestServer(database, { webhookDelivery: QUICK, keyVault });
    copies.push(server);
    expect(await server.services.webhooks.purgeExpired()).toEqual({ deliveries: 4, endpoints: 1 });
    const left = await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, rows.map((row) => row.id)));
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([rows[3]!.id, rows[5]!.id]));
    const endpointsLeft = await database.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    expect(new Set(endpointsLeft.map((row) => row.id))).toEqual(new Set([active!.id, deletedWithRecent!.id]));
    // The account still sees its recent deliveries.
    expect((await server.services.webhooks.deliveries(userId, active!.id, 10)).map((entry) => entry.id).sort()).toEqual([rows[3]!.id]);
  });

  it('fails an attempt whose answer is over the fetcher’s size limit, without reading it', async () => {
    const userId = randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: `${userId}@example.com` });
    const talkative = createServer((request, response) => request.resume().on('end', () => response.writeHead(200).end('x'.repeat(100_000))));
    await new Promise<void>((listening) => talkative.listen(0, '127.0.0.1', listening));
    try {
      const vault = createKeyVault(randomBytes(32));
      const endpoints = createWebhookEndpointStore(database.db);
      const log = createWebhookDeliveryLog(database.db);
      // As main.ts makes the webhook fetcher: a short answer is all a receiver owes.
      const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 64 * 1024, timeoutMs: 5_000 });
      const send = createWebhookSender({ endpoints, log, vault, fetcher, maxAttempts: 1, clock: () => new Date() });
      const url = `http://127.0.0.1:${(talkative.address() as AddressInfo).port}/`;
      const endpoint = await endpoints.insert({ id: randomUUID(), userId, url, events: ['asset.signed'], sealedSecret: vault.seal(`whsec_${randomBytes(32).toString('base64')}`) });
      const [delivery] = await log.insert([{ id: `msg_${randomUUID()}`, endpointId: endpoint.id, type: 'webhook.test', payload: '{}' }]);
      await send(delivery!.id);
      expect(await log.find(delivery!.id)).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null, lastError: "The endpoint's answer was too large (a receiver should answer 2xx with a short body)" });
    } finally {
      talkative.close();
    }
  });
});
