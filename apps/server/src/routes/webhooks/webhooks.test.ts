// Webhooks end to end: a real HTTP receiver on 127.0.0.1 checks every delivery with the
// standardwebhooks package and the secret shown at registration; events come from real signings and
// verifications; retries run on the real work queue (pg-boss) with short delays.
import { ZCreatedWebhook, ZSignContentResponse, ZWebhookDelivery, ZWebhookDeliveryList, ZWebhookList, type TCreatedWebhook, type TWebhookDelivery } from '@provenance/contracts';
import { makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { eventually, startWebhookReceiver, verifiedDelivery as verified, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

describe.each(testDatabaseKinds())('webhooks on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let receiver: WebhookReceiver;
  let assets: LocalAssetServer;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Two retries at once (backoff over a zero delay) and quick polling: retried attempts are seconds apart, not minutes.
    server = await createTestServer(database, {
      config: { maxAssetBytes: 8 * 1024 * 1024 },
      webhookDelivery: { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: true, pollingIntervalSeconds: 0.5, batchSize: 10, concurrency: 2 },
      jobs: { retryDelaySeconds: 1, maxAttempts: 1 },
    });
    receiver = await startWebhookReceiver();
    assets = await startLocalAssetServer();
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    receiver?.close();
    assets?.close();
    await server?.close();
    await database?.close();
  });

  const register = async (body: unknown, as = token) => server.request('POST', 'webhooks', { token: as, body });
  const registered = async (path: string, events: string[], statuses?: number[], as = token): Promise<TCreatedWebhook> => {
    const response = await register({ url: receiver.url(path, statuses), events }, as);
    expect(response.status).toBe(201);
    return readAnswer(ZCreatedWebhook, response);
  };
  const deliveriesOf = async (id: string, as = token): Promise<TWebhookDelivery[]> => {
    const response = await server.request('GET', `webhooks/${id}/deliveries`, { token: as });
    expect(response.status).toBe(200);
    return (await readAnswer(ZWebhookDeliveryList, response)).deliveries;
  };
  const receivedAt = (path: string) => receiver.receivedAt(path);
  const settled = (id: string, deliveryId: string) =>
    eventually(async () => (await deliveriesOf(id)).find((delivery) => delivery.id === deliveryId && delivery.status !== 'pending'), `delivery ${deliveryId} to settle`);

  it('shows the secret once at registration and never again', async () => {
    const webhook = await registered('/once', ['asset.signed', 'verification.failed']);
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(webhook.secret.slice('whsec_'.length), 'base64').byteLength).toBe(32);
    expect(webhook).toMatchObject({ url: receiver.url('/once'), events: ['asset.signed', 'verification.failed'] });

    const listResponse = await server.request('GET', 'webhooks', { token });
    const text = await listResponse.clone().text();
    const list = await readAnswer(ZWebhookList, listResponse);
    expect(list.webhooks.find((listed) => listed.id === webhook.id)).toEqual({ id: webhook.id, url: webhook.url, events: webhook.events, createdAt: webhook.createdAt });
    expect(text).not.toContain(webhook.secret.slice('whsec_'.length));
    expect(text).not.toContain('secret');
  });

  it('refuses invalid registrations with a clear 400', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: 'not a url', events: ['asset.signed'] }, 'url must be an http or https URL'],
      [{ url: 'ftp://hooks.example.org/x', events: ['asset.signed'] }, 'url must be an http or https URL'],
      [{ url: 'https://hooks.example.org/x', events: [] }, 'events must name at least one event'],
      [{ url: 'https://hooks.example.org/x', events: ['asset.deleted'] }, 'expected one of "verification.failed"'],
      [{ events: ['asset.signed'] }, 'url is required'],
    ];
    for (const [body, message] of cases) {
      const response = await register(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error } = await readJson<{ error: { code: string; message: string } }>(response);
      expect(error.message).toContain(message);
    }
    // What the safe fetcher would never reach is refused now, naming the rule.
    const refused: Array<[string, string]> = [
      ['http://10.0.0.7/hook', 'private network addresses are never fetched'],
      ['http://169.254.169.254/latest', 'link-local addresses'],
      ['http://localhost:9/hook', 'loopback addresses are never fetched'],
      ['http://[::1]:9/hook', 'loopback addresses are never fetched'],
      ['https://user:pass@hooks.example.org/x', 'URLs with credentials'],
    ];
    for (const [url, rule] of refused) {
      const response = await register({ url, events: ['asset.signed'] });
      expect(response.status, url).toBe(400);
      const { error } = await readJson<{ error: { code: string; message: string } }>(response);
      expect(error.code).toBe('webhook_url_refused');
      expect(error.message).toContain(rule);
    }
    expect((await server.request('POST', 'webhooks', { body: { url: 'https://hooks.example.org/x', events: ['asset.signed'] } })).status).toBe(401);
  });

  it('delivers asset.signed, signed as Standard Webhooks says, when the account signs an image (with an API key too)', async () => {
    const apiKey = (await readJson<{ key: { secret: string } }>(await server.request('POST', 'account/api-keys/production/regenerate', { token }))).key.secret;
    const webhook = await registered('/signed', ['asset.signed'], undefined, apiKey);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 160, 120)]), metadata: JSON.stringify({ title: 'Harbour at dawn', creator: 'Ada Reporter' }) }, apiKey, { name: 'harbour.jpg' });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);

    const [arrived] = await eventually(() => (receivedAt('/signed').length > 0 ? receivedAt('/signed') : undefined), 'asset.signed');
    expect(arrived!.headers['content-type']).toBe('application/json');
    expect(String(arrived!.headers['webhook-signature'])).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    const payload = verified(arrived!, webhook.secret);
    expect(payload).toMatchObject({
      type: 'asset.signed',
      data: { assetId: signed.assetId, manifestId: signed.manifestId, mime: 'image/jpeg', title: 'Harbour at dawn', signedAssetUrl: signed.signedAssetUrl },
    });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    // Another secret does not verify it.
    expect(() => verified(arrived!, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();

    const delivery = await settled(webhook.id, String(arrived!.headers['webhook-id']));
    expect(delivery).toMatchObject({ type: 'asset.signed', status: 'delivered', attempts: 1, responseStatus: 204, error: null });
  });

  it('delivers verification.failed when a tampered copy of the account’s image is verified publicly', async () => {
    const webhook = await registered('/failed', ['verification.failed']);
    const signed = await readAnswer(
      ZSignContentResponse,
      await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 200, 150, 3)]), metadata: JSON.stringify({ title: 'Council vote', creator: 'Ada Reporter' }) }, token, { name: 'vote.jpg' }),
    );
    const signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
    const seenAt = assets.publish('/mirror/vote.jpg', tamperJpegPixel(signedBytes), 'image/jpeg');
    const verification = await server.request('POST', 'verify-content', { body: { assetUrl: seenAt } });
    expect(verification.status).toBe(200);
    expect((await readJson<{ verification: { status: string } }>(verification)).verification.status).toBe('invalid');

    const [arrived] = await eventually(() => (receivedAt('/failed').length > 0 ? receivedAt('/failed') : undefined), 'verification.failed');
    const payload = verified(arrived!, webhook.secret);
    expect(payload).toMatchObject({ type: 'verification.failed', data: { manifestId: signed.manifestId, assetId: signed.assetId, title: 'Council vote', status: 'invalid', source: 'url', sourceUrl: seenAt } });
    expect(payload.data.failureCodes).toContain('assertion.dataHash.mismatch');
    expect(await settled(webhook.id, String(arrived!.headers['webhook-id']))).toMatchObject({ type: 'verification.failed', status: 'delivered' });
  });

  it('delivers job.completed when a batch job ends', async () => {
    const webhook = await registered('/jobs', ['job.completed']);
    const items = [{ assetUrl: assets.publish('/batch/plain.png', await makeImage('png', 48, 48, 5), 'image/png') }, { assetUrl: assets.publish('/batch/missing.jpg', new Uint8Array(0)) }];
    const created = await server.request('POST', 'jobs', { token, body: { type: 'verify', items } });
    expect(created.status).toBe(202);
    const { id } = await readJson<{ id: string }>(created);

    const arrived = await eventually(() => receivedAt('/jobs')[0], 'job.completed', 60_000);
    expect(verified(arrived, webhook.secret)).toMatchObject({ type: 'job.completed', data: { id, type: 'verify', total: 2 } });
  });

  it('sends a test event on request', async () => {
    const webhook = await registered('/test-event', ['job.completed']);
    const response = await server.request('POST', `webhooks/${webhook.id}/test`, { token });
    expect(response.status).toBe(202);
    const queued = await readAnswer(ZWebhookDelivery, response);
    expect(queued).toMatchObject({ type: 'webhook.test', status: 'pending', attempts: 0 });

    const arrived = await eventually(() => receivedAt('/test-event')[0], 'the test event');
    expect(arrived.headers['webhook-id']).toBe(queued.id);
    expect(verified(arrived, webhook.secret)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id } });
    expect(await settled(webhook.id, queued.id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('limits test events per account: 429 with Retry-After past 10 a minute, another account unaffected', async () => {
    const limited = (await signUpAccount(server)).session.access_token;
    const webhook = await registered('/test-burst', ['job.completed'], undefined, limited);
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let sent = 0; sent < 15; sent += 1) {
      const response = await server.request('POST', `webhooks/${webhook.id}/test`, { token: limited });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const other = (await signUpAccount(server)).session.access_token;
    const theirs = await registered('/test-other', ['job.completed'], undefined, other);
    expect((await server.request('POST', `webhooks/${theirs.id}/test`, { token: other })).status).toBe(202);
  });

  it('retries a receiver that fails twice, with the same webhook-id, until it is delivered', async () => {
    const webhook = await registered('/flaky', ['job.completed'], [500, 500, 200]);
    const queued = await readAnswer(ZWebhookDelivery, await server.request('POST', `webhooks/${webhook.id}/test`, { token }));
    const delivery = await settled(webhook.id, queued.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200, error: null });
    const attempts = receivedAt('/flaky');
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(attempt.headers['webhook-id']).toBe(queued.id);
      expect(verified(attempt, webhook.secret).type).toBe('webhook.test');
    }
  });

  it('marks a delivery failed, with the reason, once its retries are spent', async () => {
    const webhook = await registered('/down', ['job.completed'], [503]);
    const queued = await readAnswer(ZWebhookDelivery, await server.request('POST', `webhooks/${webhook.id}/test`, { token }));
    expect(await settled(webhook.id, queued.id)).toMatchObject({ status: 'failed', attempts: 3, responseStatus: 503, error: 'The endpoint answered HTTP 503' });
    expect(receivedAt('/down')).toHaveLength(3);

    // A receiver that is not listening at all: no status, the reason says so.
    const closed = await register({ url: 'http://127.0.0.1:9/nobody', events: ['job.completed'] });
    const unreachable = await readAnswer(ZCreatedWebhook, closed);
    const sent = await readAnswer(ZWebhookDelivery, await server.request('POST', `webhooks/${unreachable.id}/test`, { token }));
    expect(await settled(unreachable.id, sent.id)).toMatchObject({ status: 'failed', attempts: 3, responseStatus: null, error: 'The endpoint could not be reached' });
  });

  it('stops delivering to a deleted endpoint', async () => {
    const kept = await registered('/kept', ['asset.signed']);
    const deleted = await registered('/deleted', ['asset.signed']);
    expect((await server.request('DELETE', `webhooks/${deleted.id}`, { token })).status).toBe(204);
    expect((await readAnswer(ZWebhookList, await server.request('GET', 'webhooks', { token }))).webhooks.map((webhook) => webhook.id)).not.toContain(deleted.id);
    expect((await server.request('DELETE', `webhooks/${deleted.id}`, { token })).status).toBe(404);
    expect((await server.request('POST', `webhooks/${deleted.id}/test`, { token })).status).toBe(404);

    const signed = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('png', 64, 64, 9)]), metadata: JSON.stringify({ creator: 'Ada Reporter' }) }, token, { name: 'after.png' });
    expect(signed.status).toBe(201);
    const arrived = await eventually(() => receivedAt('/kept')[0], 'the kept endpoint’s delivery');
    await settled(kept.id, String(arrived.headers['webhook-id']));
    // The signing's event was fanned out before its answer: nothing was logged, so nothing is sent, to the deleted one.
    expect(await database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, deleted.id))).toEqual([]);
    expect(receivedAt('/deleted')).toHaveLength(0);
  });

  it('keeps each account’s webhooks to itself', async () => {
    const mine = await registered('/mine', ['asset.signed']);
    const other = (await signUpAccount(server)).session.access_token;
    expect((await readAnswer(ZWebhookList, await server.request('GET', 'webhooks', { token: other }))).webhooks).toEqual([]);
    expect((await server.request('GET', `webhooks/${mine.id}/deliveries`, { token: other })).status).toBe(404);
    expect((await server.request('POST', `webhooks/${mine.id}/test`, { token: other })).status).toBe(404);
    expect((await server.request('DELETE', `webhooks/${mine.id}`, { token: other })).status).toBe(404);
    expect((await readAnswer(ZWebhookList, await server.request('GET', 'webhooks', { token }))).webhooks.map((webhook) => webhook.id)).toContain(mine.id);
    expect((await server.request('GET', `webhooks/${mine.id}/deliveries?limit=0`, { token })).status).toBe(400);
  });

  it('caps the endpoints of one account', async () => {
    const account = (await signUpAccount(server)).session.access_token;
    for (let i = 0; i < 20; i += 1) expect((await register({ url: `https://hooks.example.org/${i}`, events: ['asset.signed'] }, account)).status).toBe(201);
    const over = await register({ url: 'https://hooks.example.org/21', events: ['asset.signed'] }, account);
    expect(over.status).toBe(409);
    expect((await readJson<{ error: { code: string } }>(over)).error.code).toBe('webhook_limit');
  });
});
