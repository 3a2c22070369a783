// Who hears that their content failed verification, over real HTTP: the API listening on loopback,
// copies fetched from a loopback asset server, a real webhook receiver and a real SMTP server. The
// owner of a manifest ID hears of a failing copy only when its claim signature validates under the
// certificate the owner signed with: another account's signed file relabelled with the owner's
// (public) manifest ID alerts nobody. And an endpoint hears of one asset's failing copies once an hour.
import { serve, type ServerType } from '@hono/node-server';
import { ZCreatedWebhook, ZSignContentResponse, ZVerifyResponse, type TCreatedWebhook, type TSignContentResponse } from '@provenance/contracts';
import { makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createSmtpMailer } from '../../services/email/mailer.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { eventually, startWebhookReceiver, verifiedDelivery, type WebhookReceiver } from '../../testing/webhook-receiver.ts';

const COPIES = 30;

/** The signed file with every occurrence of one manifest ID replaced by another of the same length. */
function relabelled(bytes: Uint8Array, from: string, to: string): Uint8Array {
  expect(to.length).toBe(from.length);
  const copy = Buffer.from(bytes);
  const needle = Buffer.from(from, 'latin1');
  let replaced = 0;
  for (let at = copy.indexOf(needle); at !== -1; at = copy.indexOf(needle, at + needle.length)) {
    copy.write(to, at, 'latin1');
    replaced += 1;
  }
  expect(replaced).toBeGreaterThan(0);
  return new Uint8Array(copy);
}

describe.each(testDatabaseKinds())('verification failure alerts on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let api: ServerType;
  let base: string;
  let smtp: SmtpTestServer;
  let receiver: WebhookReceiver;
  let assets: LocalAssetServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    smtp = await startSmtpTestServer({ auth: { user: 'gateway', pass: 'mail-secret' } });
    server = await createTestServer(database, {
      email: { mailer: createSmtpMailer(smtp.url), from: 'Provenance Gateway <no-reply@gateway.example>', retry: { attempts: 2, delaySeconds: 1, backoff: false }, pollingIntervalSeconds: 0.5 },
      webhookDelivery: { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, pollingIntervalSeconds: 0.5, batchSize: 10, concurrency: 2 },
    });
    api = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await once(api, 'listening');
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    receiver = await startWebhookReceiver();
    assets = await startLocalAssetServer();
  }, 60_000);

  afterAll(async () => {
    receiver?.close();
    assets?.close();
    api?.close();
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const call = (method: string, route: string, token: string | null, body?: unknown) =>
    fetch(`${base}/api/v1/${route}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  async function signImage(token: string, name: string, seed: number): Promise<{ signed: TSignContentResponse; bytes: Uint8Array }> {
    const response = await call('POST', 'sign-content', token, { assetUrl: assets.publish(`/originals/${name}.jpg`, await makeImage('jpeg', 200, 150, seed), 'image/jpeg'), metadata: { creator: 'Ada Reporter', title: name } });
    const signed = await readAnswer(ZSignContentResponse, response);
    const bytes = new Uint8Array(await (await fetch(`${base}${new URL(signed.signedAssetUrl).pathname}`)).arrayBuffer());
    return { signed, bytes };
  }

  async function verifyCopy(path: string, bytes: Uint8Array) {
    const url = assets.publish(path, bytes, 'image/jpeg');
    const response = await call('POST', 'verify-content', null, { assetUrl: url });
    return { url, answer: await readAnswer(ZVerifyResponse, response) };
  }

  async function registerWebhook(token: string, path: string): Promise<TCreatedWebhook> {
    return readAnswer(ZCreatedWebhook, await call('POST', 'webhooks', token, { url: receiver.url(path), events: ['verification.failed'] }));
  }

  // The failure alerts to an address (its sign-up confirmation went to the same mailbox).
  const alertsTo = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address) && (message.parsed.subject ?? '').startsWith('Verification Alert'));

  it("alerts the owner of a tampered copy of their file, and nobody of another signer's file relabelled with their manifest ID", async () => {
    const owner = await signUpAccount(server);
    const attacker = await signUpAccount(server);
    const webhook = await registerWebhook(owner.session.access_token, '/owner');
    const victim = await signImage(owner.session.access_token, 'harbour', 11);
    const other = await signImage(attacker.session.access_token, 'decoy', 12);

    // Another account's signed file, relabelled with the owner's manifest ID and changed: it names the owner, and fails.
    const forged = await verifyCopy('/copies/forged.jpg', tamperJpegPixel(relabelled(other.bytes, other.signed.manifestId, victim.signed.manifestId)));
    expect(forged.answer.verification.status).toBe('invalid');
    expect(forged.answer.report.manifestId).toBe(victim.signed.manifestId);

    // A changed copy of the owner's own file.
    const genuine = await verifyCopy('/copies/genuine.jpg', tamperJpegPixel(victim.bytes));
    expect(genuine.answer.verification.status).toBe('invalid');

    const [delivery] = await eventually(() => (receiver.receivedAt('/owner').length > 0 ? receiver.receivedAt('/owner') : undefined), 'the webhook');
    expect(verifiedDelivery(delivery!, webhook.secret)).toMatchObject({ type: 'verification.failed', data: { manifestId: victim.signed.manifestId, sourceUrl: genuine.url } });
    const [email] = await eventually(() => (alertsTo(owner.email).length > 0 ? alertsTo(owner.email) : undefined), 'the alert email');
    // Alert emails name where the copy was seen by its host only, never a URL someone chose as text.
    expect(email!.parsed.text).toContain(`on the host ${new URL(genuine.url).hostname}`);
    expect(email!.parsed.text).not.toContain('/copies/');
    // Time for anything else queued to arrive: the forged copy made nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(receiver.receivedAt('/owner')).toHaveLength(1);
    expect(alertsTo(owner.email)).toHaveLength(1);
    expect(alertsTo(owner.email)).toHaveLength(1);
    expect(alertsTo(attacker.email)).toHaveLength(0);
  }, 60_000);

  it(`sends an endpoint one verification.failed for ${COPIES} failing copies of one asset`, async () => {
    const owner = await signUpAccount(server);
    await registerWebhook(owner.session.access_token, '/flooded');
    const { bytes } = await signImage(owner.session.access_token, 'bridge', 21);
    const tampered = tamperJpegPixel(bytes);
    for (let copy = 0; copy < COPIES; copy += 1) {
      expect((await verifyCopy(`/flood/${copy}.jpg`, tampered)).answer.verification.status).toBe('invalid');
    }
    await eventually(() => (receiver.receivedAt('/flooded').length > 0 ? true : undefined), 'the first delivery');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(receiver.receivedAt('/flooded')).toHaveLength(1);
  }, 60_000);
});
