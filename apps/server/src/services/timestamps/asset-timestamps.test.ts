// Timestamps that never block signing, over real parts: a real RFC 3161 authority (openssl ts on
// 127.0.0.1) taken down and brought back, the real engine, PGlite with pg-boss, the API on a loopback
// port. A signing while the authority is down succeeds with the pending warning; the queued task adds
// the timestamp once it is back (an update manifest c2pa-rs validates), served at the same URL, the
// version it replaced kept. POST /assets/{id}/timestamp does it on demand (also for an asset signed
// before an authority was configured), with its errors; and retries stop a week after the signing.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZAssetTimestampResponse, ZSignContentResponse, ZSignedAssetList, type TSignedAsset } from '@provenance/contracts';
import { makeImage, rawActiveAssertion, rawValidationCodes, startLocalTsa, type LocalTsa } from '@provenance/engine/testing';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore, type AssetStore } from '../assets/asset-store.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { createGatewayEngine, type GatewayEngine } from '../provenance/gateway-engine.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { PENDING_TIMESTAMP_WARNING, type TimestampRetryPolicy } from './asset-timestamps.ts';

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Seconds, not minutes: the test waits for the retries it drives. */
const QUICK_RETRY: TimestampRetryPolicy = { firstDelaySeconds: 1, maxDelaySeconds: 2, giveUpAfterSeconds: WEEK_MS / 1000, pollingIntervalSeconds: 0.5 };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('timestamps that never block signing', () => {
  let database: DbHandle;
  let tsa: LocalTsa;
  let assets: LocalAssetServer;
  let engine: GatewayEngine & { close(): Promise<void> };
  let store: AssetStore;
  let post: ReturnType<typeof createSafeFetcher>;
  // One installation: its copies share the key-encryption key (KEY_ENCRYPTION_KEY) that seals its PKI in the database.
  const keyVault = createKeyVault(randomBytes(32));
  const opened: Array<{ server: TestServer; api: LoopbackApi }> = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    tsa = await startLocalTsa();
    assets = await startLocalAssetServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-asset-timestamps-'));
    // The authority through the safe fetcher, as TSA_URL is: loopback allowed for the test only.
    post = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 3_000 });
    engine = await createGatewayEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], timestampAuthority: { url: tsa.url, post } });
    store = createFileAssetStore(path.join(dataDir, 'assets'));
  });
  afterAll(async () => {
    for (const { server, api } of opened) {
      await api.close();
      await server.close();
    }
    await engine?.close();
    assets?.close();
    await tsa?.close();
    await database?.close();
  });

  /** A gateway over the shared database and asset store; `withAuthority` false: one signing before TSA_URL was set (the test servers' own engine, no authority). */
  async function gateway(options: { withAuthority?: boolean; clock?: () => Date } = {}) {
    const server = await createTestServer(database, {
      ...((options.withAuthority ?? true) && { engine }),
      store,
      keyVault,
      trust: { savedDir: null, lists: [], anchorFiles: [], tsaAnchorFiles: [tsa.rootPath], fetcher: post },
      timestamps: { retry: QUICK_RETRY, ...(options.clock && { clock: options.clock }) },
    });
    await server.services.trustLists.load();
    const api = await listenOnLoopback(server);
    opened.push({ server, api });
    const call = (method: string, route: string, token?: string, body?: unknown) =>
      fetch(`${api.base}/${route}`, { method, headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    /** The same path under this gateway's own address (links follow PUBLIC_URL, the test server's). */
    const local = (url: string) => url.replace(/^https?:\/\/[^/]+\/api\/v1/, api.base);
    const listed = async (token: string, assetId: string): Promise<TSignedAsset> => {
      const list = await readAnswer(ZSignedAssetList, await call('GET', 'assets', token));
      const asset = list.assets.find((candidate) => candidate.assetId === assetId);
      if (!asset) throw new Error(`asset ${assetId} not listed`);
      return asset;
    };
    const bytesAt = async (url: string) => {
      const response = await fetch(local(url));
      expect(response.status).toBe(200);
      return { bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
    };
    return { server, call, local, listed, bytesAt };
  }

  async function signPhoto(signer: Awaited<ReturnType<typeof gateway>>, token: string, name: string) {
    const assetUrl = assets.publish(`/timestamps/${name}`, await makeImage('jpeg', 120, 90), 'image/jpeg');
    const response = await signer.call('POST', 'sign-content', token, { assetUrl, metadata });
    expect(response.status).toBe(201);
    return readAnswer(ZSignContentResponse, response);
  }

  it('signs while the authority is down (timestamp pending), and the queued task adds it once the authority is back', async () => {
    const site = await gateway();
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    const signed = await signPhoto(site, token, 'down.jpg');
    expect(signed.warnings).toContain(PENDING_TIMESTAMP_WARNING);
    expect(signed.timestamp).toMatchObject({ state: 'pending', previousVersionUrl: null });
    expect(signed.verification.report.timestamp).toBeNull();
    const first = await site.bytesAt(signed.signedAssetUrl);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(await rawActiveAssertion(first.bytes, 'image/jpeg', 'c2pa.time-stamp')).toBeNull();

    // Retries while it is down are counted, and the asset stays pending.
    const retried = await until('a failed attempt', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.attempts >= 1);
    expect(retried.timestamp).toMatchObject({ state: 'pending', previousVersionUrl: null });
    expect(retried.timestamp.lastError).toMatch(/time-stamping authority/i);

    const requestsBefore = tsa.requests;
    await tsa.bringBack();
    const stamped = await until('the timestamp', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.state === 'added');
    expect(tsa.requests).toBeGreaterThan(requestsBefore);
    expect(stamped.timestamp.addedAt).not.toBeNull();
    expect(stamped.signedAssetUrl).toBe(signed.signedAssetUrl);
    expect(stamped.manifestId).toBe(signed.manifestId);

    // The same URL serves the updated file: c2pa-rs validates the timestamps, the assertion covers the signed manifest.
    const updated = await site.bytesAt(signed.signedAssetUrl);
    expect(sha256(updated.bytes)).not.toBe(sha256(first.bytes));
    expect(await rawValidationCodes(updated.bytes, 'image/jpeg', engine.rootCertificatePem)).toContain('timeStamp.validated');
    expect(Object.keys((await rawActiveAssertion(updated.bytes, 'image/jpeg', 'c2pa.time-stamp')) ?? {})).toEqual([signed.manifestId]);
    // The gateway's own verdict of the stored file: still verified.
    expect(stamped.verdict?.status).toBe('verified');

    // The version it replaced is still there, byte for byte.
    expect(stamped.timestamp.previousVersionUrl).toBe(signed.signedAssetUrl.replace(/\/assets\/([^/]+)$/, '/assets/$1/before-timestamp'));
    const previous = await site.bytesAt(stamped.timestamp.previousVersionUrl!);
    expect(sha256(previous.bytes)).toBe(sha256(first.bytes));
  });

  it('POST /assets/{id}/timestamp adds it on demand to an asset signed before an authority was configured, with its errors', async () => {
    // Signed by a gateway without TSA_URL: no timestamp, none pending.
    const before = await gateway({ withAuthority: false });
    const owner = await signUpAccount(before.server);
    const key = (await readJson<{ key: { secret: string } }>(await before.call('POST', 'account/api-keys/test/regenerate', owner.session.access_token))).key.secret;
    const signed = await signPhoto(before, key, 'before-tsa.jpg');
    expect(signed.timestamp.state).toBe('none');
    expect(signed.warnings).not.toContain(PENDING_TIMESTAMP_WARNING);
    const original = await before.bytesAt(signed.signedAssetUrl);

    // The same installation once TSA_URL is set.
    const after = await gateway();
    const route = `assets/${signed.assetId}/timestamp`;
    expect((await after.call('POST', route)).status).toBe(401);
    const stranger = (await readJson<{ key: { secret: string } }>(await after.call('POST', 'account/api-keys/test/regenerate', (await signUpAccount(after.server)).session.access_token))).key.secret;
    const notYours = await after.call('POST', route, stranger);
    expect(notYours.status).toBe(404);
    expect((await readJson<{ error: { code: string } }>(notYours)).error.code).toBe('not_found');
    expect((await after.call('POST', 'assets/00000000-0000-4000-8000-000000000000/timestamp', key)).status).toBe(404);
    const badId = await after.call('POST', 'assets/not-an-id/timestamp', key);
    expect(badId.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(badId)).error.message).toMatch(/assetId/);

    // The authority down: 502, and nothing changed.
    await tsa.takeDown();
    const down = await after.call('POST', route, key);
    expect(down.status).toBe(502);
    expect((await readJson<{ error: { code: string } }>(down)).error.code).toBe('timestamp_failed');
    expect(sha256((await after.bytesAt(signed.signedAssetUrl)).bytes)).toBe(sha256(original.bytes));
    expect((await after.listed(key, signed.assetId)).timestamp).toMatchObject({ state: 'none', previousVersionUrl: null });
    expect((await fetch(after.local(`${signed.signedAssetUrl}/before-timestamp`))).status).toBe(404);

    await tsa.bringBack();
    const added = await readAnswer(ZAssetTimestampResponse, await after.call('POST', route, key));
    expect(added).toMatchObject({ assetId: signed.assetId, manifestId: signed.manifestId, timestamp: { state: 'added' } });
    expect(added.timestampManifestId).not.toBe(signed.manifestId);
    const updated = await after.bytesAt(added.signedAssetUrl);
    expect(updated.headers.get('cache-control')).toContain('immutable');
    expect(await rawValidationCodes(updated.bytes, 'image/jpeg', engine.rootCertificatePem)).toContain('timeStamp.validated');
    expect(sha256((await after.bytesAt(added.timestamp.previousVersionUrl!)).bytes)).toBe(sha256(original.bytes));

    const again = await after.call('POST', route, key);
    expect(again.status).toBe(409);
    expect((await readJson<{ error: { code: string } }>(again)).error.code).toBe('already_timestamped');
  });

  it('stops retrying a week after the signing and flags the asset; POST /timestamp then still adds it', async () => {
    // The week is counted by this clock: moved on by hand, while the retries themselves run as queued.
    let ahead = 0;
    const site = await gateway({ clock: () => new Date(Date.now() + ahead) });
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    const signed = await signPhoto(site, token, 'given-up.jpg');
    expect(signed.timestamp.state).toBe('pending');
    const retrying = await until('a failed attempt', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.attempts >= 1);
    expect(retrying.timestamp.state).toBe('pending');

    ahead = WEEK_MS + 60_000;
    const flagged = await until('the give-up', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.state === 'failed');
    expect(flagged.timestamp.attempts).toBeGreaterThan(retrying.timestamp.attempts);
    expect(flagged.timestamp.lastError).toMatch(/time-stamping authority/i);
    // No more attempts after the give-up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await site.listed(token, signed.assetId)).timestamp).toMatchObject({ state: 'failed', attempts: flagged.timestamp.attempts });

    await tsa.bringBack();
    const added = await readAnswer(ZAssetTimestampResponse, await site.call('POST', `assets/${signed.assetId}/timestamp`, token));
    expect(added.timestamp.state).toBe('added');
  });
});
