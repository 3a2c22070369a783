// Timestamps that never block signing, over real parts: a real RFC 3161 authority (openssl ts on
// 127.0.0.1) taken down and brought back, the real engine, PGlite with pg-boss, the API on a loopback
// port. A signing while the authority is down succeeds with the pending warning; the queued task adds
// the timestamp once it is back (an update manifest c2pa-rs validates), served at the same URL, the
// version it replaced kept. Retries stop a week after the signing; a task lost to a crash is queued again.
import { createHash } from 'node:crypto';
import { issueTestSigningChain, rawActiveAssertion, rawValidationCodes } from '@provenance/engine/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../../queue/task-queue.ts';
import { signUpAccount } from '../../testing/test-server.ts';
import { openTimestampingInstallation, until, WEEK_MS, type TimestampingInstallation } from '../../testing/timestamping-gateways.ts';
import { ASSET_TIMESTAMP_QUEUE, PENDING_TIMESTAMP_WARNING } from './asset-timestamps.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('timestamps that never block signing', () => {
  let installation: TimestampingInstallation;
  beforeAll(async () => {
    installation = await openTimestampingInstallation();
  });
  afterAll(async () => installation?.close());

  it('signs while the authority is down (timestamp pending), and the queued task adds it once the authority is back', async () => {
    const { tsa, engine } = installation;
    const site = await installation.gateway();
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    const signed = await site.signPhoto(token, 'down.jpg');
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
    // An authority that just failed is not asked again at once: a signing right after goes on without it, pending too.
    const next = await site.signPhoto(token, 'right-after.jpg');
    expect(next.timestamp.state).toBe('pending');
    expect(next.warnings).toContain(PENDING_TIMESTAMP_WARNING);
    const stamped = await until('the timestamp', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.state === 'added');
    expect((await until('the next one’s timestamp', () => site.listed(token, next.assetId), (asset) => asset.timestamp.state === 'added')).timestamp.previousVersionUrl).not.toBeNull();
    expect(tsa.requests).toBeGreaterThan(requestsBefore);
    expect(stamped.timestamp.addedAt).not.toBeNull();
    expect(stamped.signedAssetUrl).toBe(signed.signedAssetUrl);
    expect(stamped.manifestId).toBe(signed.manifestId);

    // The same URL serves the updated file: c2pa-rs validates the timestamps, the assertion covers the signed manifest.
    const updated = await site.bytesAt(signed.signedAssetUrl);
    expect(sha256(updated.bytes)).not.toBe(sha256(first.bytes));
    expect(updated.headers.get('cache-control')).toContain('immutable');
    expect(await rawValidationCodes(updated.bytes, 'image/jpeg', engine.rootCertificatePem)).toContain('timeStamp.validated');
    expect(Object.keys((await rawActiveAssertion(updated.bytes, 'image/jpeg', 'c2pa.time-stamp')) ?? {})).toEqual([signed.manifestId]);
    // The gateway's own verdict of the stored file: still verified.
    expect(stamped.verdict?.status).toBe('verified');

    // The version it replaced is still there, byte for byte.
    expect(stamped.timestamp.previousVersionUrl).toBe(`${signed.signedAssetUrl}/before-timestamp`);
    const previous = await site.bytesAt(stamped.timestamp.previousVersionUrl!);
    expect(sha256(previous.bytes)).toBe(sha256(first.bytes));
  });

  it('adds a brought certificate while the authority is down: its test signing leaves the timestamp out, as signings do', async () => {
    const { tsa } = installation;
    const site = await installation.gateway();
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    try {
      const chain = await issueTestSigningChain();
      const response = await site.call('POST', 'account/signing-identities', token, { kind: 'certificate', certificateChain: chain.certificateChainPem, privateKey: chain.privateKeyPem });
      expect(response.status).toBe(201);
    } finally {
      await tsa.bringBack();
    }
  });

  it('stops retrying a week after the signing and flags the asset; POST /timestamp then still adds it', async () => {
    const { tsa } = installation;
    // The week is counted by this clock: moved on by hand, while the retries themselves run as queued.
    let ahead = 0;
    const site = await installation.gateway({ clock: () => new Date(Date.now() + ahead) });
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    const signed = await site.signPhoto(token, 'given-up.jpg');
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
    const added = await site.call('POST', `assets/${signed.assetId}/timestamp`, token);
    expect(added.status).toBe(200);
    expect((await site.listed(token, signed.assetId)).timestamp.state).toBe('added');
  });

  it('queues again a pending timestamp whose task was lost to a crash', async () => {
    const { tsa, database } = installation;
    let ahead = 0;
    // The first attempt an hour away: the task sits waiting, as one would when its copy went down.
    const site = await installation.gateway({ clock: () => new Date(Date.now() + ahead), retry: { firstDelaySeconds: 3600, maxDelaySeconds: 3600, giveUpAfterSeconds: WEEK_MS / 1000, pollingIntervalSeconds: 0.5 } });
    const token = (await signUpAccount(site.server)).session.access_token;
    await tsa.takeDown();
    const signed = await site.signPhoto(token, 'lost-task.jpg');
    await tsa.bringBack();
    // The crash between the row and its task: the task is gone.
    await database.db.execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${ASSET_TIMESTAMP_QUEUE} and data->>'assetId' = ${signed.assetId}`);
    // Just signed, it is not stranded yet (its signing may still be queueing it).
    expect(await site.server.services.timestamps.requeueStranded()).toBe(0);
    ahead = 11 * 60_000;
    expect(await site.server.services.timestamps.requeueStranded()).toBe(1);
    const stamped = await until('the timestamp', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.state === 'added');
    expect(stamped.timestamp.previousVersionUrl).not.toBeNull();
  });
});
