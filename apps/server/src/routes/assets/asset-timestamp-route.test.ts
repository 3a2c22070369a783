// POST /assets/{assetId}/timestamp over real parts (a real RFC 3161 authority taken down and brought
// back, the real engine, the API on a loopback port), the assets on S3 (s3rver):
// an asset signed before an authority was configured gets its timestamp on demand, the updated file
// served at the same URL and the one it replaced kept; 401, 404 (unknown, not yours), 400 (bad ID),
// 502 while the authority is down (nothing changed), 409 once it is there.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZAssetTimestampResponse } from '@provenance/contracts';
import { rawValidationCodes, writeUnsignedMp4 } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswer } from '../../testing/read-answer.ts';
import { readJson, signUpAccount } from '../../testing/test-server.ts';
import { openTimestampingInstallation, type TimestampingInstallation } from '../../testing/timestamping-gateways.ts';

const MEGABYTE = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// On S3 (s3rver): the file store is the queued path's (services/timestamps/asset-timestamps.test.ts).
describe('POST /assets/{assetId}/timestamp, assets stored on S3', () => {
  let installation: TimestampingInstallation;
  beforeAll(async () => {
    installation = await openTimestampingInstallation({ store: 's3' });
  });
  afterAll(async () => installation?.close());

  it('adds it on demand to an asset signed before an authority was configured, with its errors', async () => {
    const { tsa, engine } = installation;
    // Signed by a gateway without TSA_URL: no timestamp, none pending.
    const before = await installation.gateway({ withAuthority: false });
    const owner = await signUpAccount(before.server);
    const key = (await readJson<{ key: { secret: string } }>(await before.call('POST', 'account/api-keys/test/regenerate', owner.session.access_token))).key.secret;
    const signed = await before.signPhoto(key, 'before-tsa.jpg');
    expect(signed.timestamp.state).toBe('none');
    expect(signed.warnings).toEqual([]);
    const original = await before.bytesAt(signed.signedAssetUrl);

    // The same installation once TSA_URL is set.
    const after = await installation.gateway();
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
    expect(added).toMatchObject({ assetId: signed.assetId, manifestId: signed.manifestId, signedAssetUrl: signed.signedAssetUrl, timestamp: { state: 'added' } });
    expect(added.timestampManifestId).not.toBe(signed.manifestId);
    const updated = await after.bytesAt(added.signedAssetUrl);
    expect(await rawValidationCodes(updated.bytes, 'image/jpeg', engine.rootCertificatePem)).toContain('timeStamp.validated');
    expect(sha256((await after.bytesAt(added.timestamp.previousVersionUrl!)).bytes)).toBe(sha256(original.bytes));
    // The manifest store served beside it is the updated one; the report of the update manifest's ID is the asset's.
    expect((await after.call('GET', `manifests/${encodeURIComponent(added.timestampManifestId)}?format=c2pa`)).status).toBe(200);

    const again = await after.call('POST', route, key);
    expect(again.status).toBe(409);
    expect((await readJson<{ error: { code: string } }>(again)).error.code).toBe('already_timestamped');
  });

  it('timestamps a video past the in-memory bound from a copy on disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-timestamp-video-'));
    writeUnsignedMp4(path.join(dir, 'long.mp4'), 9 * MEGABYTE);
    const video = new Uint8Array(readFileSync(path.join(dir, 'long.mp4')));
    rmSync(dir, { recursive: true, force: true });
    const before = await installation.gateway({ withAuthority: false, maxVideoBytes: 16 * MEGABYTE });
    const session = (await signUpAccount(before.server)).session.access_token;
    // An API key: it holds on every copy of the installation (a session is this test server's own).
    const token = (await readJson<{ key: { secret: string } }>(await before.call('POST', 'account/api-keys/test/regenerate', session))).key.secret;
    const signed = await before.signBytes(token, 'long.mp4', video, 'video/mp4');
    expect(signed.timestamp.state).toBe('none');
    const original = await before.bytesAt(signed.signedAssetUrl);
    expect(original.bytes.byteLength).toBeGreaterThan(8 * MEGABYTE);

    const after = await installation.gateway({ maxVideoBytes: 16 * MEGABYTE });
    const response = await after.call('POST', `assets/${signed.assetId}/timestamp`, token);
    const added = await readAnswer(ZAssetTimestampResponse, response);
    expect(added.timestamp.state).toBe('added');
    expect(after.server.logLines.some((line) => line.includes('timestamping a stored video from disk') && line.includes(signed.assetId))).toBe(true);
    const updated = await after.bytesAt(added.signedAssetUrl);
    expect(await rawValidationCodes(updated.bytes, 'video/mp4', installation.engine.rootCertificatePem)).toEqual(expect.arrayContaining(['timeStamp.validated', 'assertion.bmffHash.match']));
    expect(sha256((await after.bytesAt(added.timestamp.previousVersionUrl!)).bytes)).toBe(sha256(original.bytes));
  });
});
