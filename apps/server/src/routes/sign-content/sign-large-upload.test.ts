// An MP4, MOV or M4A sent to sign may pass MAX_ASSET_BYTES, up to MAX_VIDEO_BYTES: spooled to disk
// and signed from the file in an engine worker (hashed as it streams, copied with its manifest
// appended), stored, recorded and answered as any signing; the stored file verifies with c2pa-wasm
// itself. Anything else over MAX_ASSET_BYTES, a sidecar signing of such a video, is still a 413.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZSignContentResponse, ZVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { makeBmff, rawValidationState } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const MEGABYTE = 1024 * 1024;
const metadata = JSON.stringify({ creator: 'Ada Reporter', license: 'CC-BY-4.0', title: 'Harbour at dawn' });

describe.each(testDatabaseKinds())('POST /sign-content of a video larger than MAX_ASSET_BYTES on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let engine: Awaited<ReturnType<typeof createEngine>>;
  let token: string;
  const video = makeBmff('mp4', 12 * MEGABYTE);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-sign-large-'));
    // One worker: the video is signed and verified by path in the pool, as in production.
    engine = await createEngine({ pkiDir: join(dataDir, 'pki'), trustAnchorFiles: [], workers: 1 });
    server = await createTestServer(database, { engine, store: createFileAssetStore(join(dataDir, 'assets')), config: { maxAssetBytes: MEGABYTE, maxVideoBytes: 64 * MEGABYTE } });
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    await database.close();
  });

  const upload = (file: Uint8Array, name: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    form.append('metadata', metadata);
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    return server.app.request('/api/v1/sign-content', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  };

  it('signs a 12 MB MP4 from its spool file; the stored file is the original with the manifest appended and verifies', async () => {
    const response = await upload(video, 'harbour.mp4');
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    expect(signed).toMatchObject({ success: true, mime: 'video/mp4', sidecar: false, bytes: { original: video.byteLength }, parentCredentials: null, warnings: [] });
    expect(signed.verification.verification.status).toBe('verified');
    expect(signed.verification.report.manifestId).toBe(signed.manifestId);

    const download = await server.app.request(new URL(signed.signedAssetUrl).pathname);
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(signed.bytes.signed);
    expect(Buffer.from(bytes.subarray(0, video.byteLength)).equals(Buffer.from(video))).toBe(true);
    expect(await rawValidationState(bytes, 'video/mp4')).toBe('Valid');
    const manifest = await server.app.request(`${new URL(signed.manifestUrl).pathname}?format=c2pa`);
    expect(manifest.status).toBe(200);

    // Listed as the account's asset, with the title it was given and no thumbnail.
    const list = await readJson<{ assets: { assetId?: string; id?: string; title: string | null; thumbnailUrl?: string | null }[] }>(await server.request('GET', 'assets', { token }));
    const listed = list.assets.find((asset) => (asset.assetId ?? asset.id) === signed.assetId);
    expect(listed?.title).toBe('Harbour at dawn');

    // Verifying the signed file by upload finds it by its hash too.
    const verify = await readAnswer(ZVerifyResponse, await server.app.request('/api/v1/verify-content', { method: 'POST', body: bytes, headers: { 'content-type': 'video/mp4' } }));
    expect(verify.verification.status).toBe('verified');
  });

  it('refuses a sidecar signing of such a video, any other file over MAX_ASSET_BYTES, and one over MAX_VIDEO_BYTES with 413', async () => {
    const sidecar = await upload(video, 'harbour.mp4', { sidecar: 'true' });
    expect(sidecar.status).toBe(413);
    const jpeg = await upload(new Uint8Array(10 * MEGABYTE).fill(7), 'big.jpg');
    expect(jpeg.status).toBe(413);
    expect((await readJson<{ error: { code: string; message: string } }>(jpeg)).error.code).toBe('payload_too_large');
    expect((await upload(new Uint8Array(65 * MEGABYTE), 'huge.mp4')).status).toBe(413);
  });

  it('keeps the credentials a large video already carries as its parent ingredient, with a warning when they are invalid', async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sign-large-other-')), 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const alreadySigned = (await sign(makeBmff('mp4', 10 * MEGABYTE, 3), 'video/mp4', { creator: 'Someone Else' }, { signer })).signedBytes;
    const response = await upload(alreadySigned, 'signed.mp4');
    expect(response.status).toBe(201);
    const signed = ZSignContentResponse.parse(await response.json());
    expect(signed).toMatchObject({ parentCredentials: { status: 'valid', reason: null }, warnings: [] });
    // Our signature is trusted; the parent's signer is not (a PKI of its own): partial, as in memory.
    expect(signed.verification.verification.status).toBe('partial');
    // The stored file: the parent's box gone, one C2PA box, Valid for c2pa-wasm with the parent's manifest inside.
    const stored = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
    expect(await rawValidationState(stored, 'video/mp4')).toBe('Valid');
    expect(stored.byteLength).toBe(signed.bytes.signed);
    const tampered = alreadySigned.slice();
    tampered[4096]! ^= 0x01;
    const again = ZSignContentResponse.parse(await (await upload(tampered, 'tampered.mp4')).json());
    expect(again.parentCredentials).toMatchObject({ status: 'invalid' });
    expect(again.warnings[0]).toContain('already carried are invalid');
    // What the ingredient records of it is compared with c2pa-wasm's own signing in the engine (io/keep-parent.test.ts).
    expect(again.verification.verification.status).toBe(signed.verification.verification.status);
  });
});

describe('POST /sign-content of a large video with ENGINE_WORKERS=0 (one engine worker, the least there is)', () => {
  let database: DbHandle;
  let server: TestServer;
  let engine: Awaited<ReturnType<typeof createEngine>>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-sign-large-thread-'));
    engine = await createEngine({ pkiDir: join(dataDir, 'pki'), trustAnchorFiles: [], workers: 0 });
    server = await createTestServer(database, { engine, store: createFileAssetStore(join(dataDir, 'assets')), config: { maxAssetBytes: MEGABYTE, maxVideoBytes: 64 * MEGABYTE } });
  });
  afterAll(async () => {
    await server.close();
    await engine.close();
    await database.close();
  });

  it('signs a 10 MB MOV from its spool file, verified', async () => {
    const token = (await signUpAccount(server)).session.access_token;
    const form = new FormData();
    form.append('file', new Blob([makeBmff('mov', 10 * MEGABYTE)]), 'clip.mov');
    form.append('metadata', metadata);
    const response = await server.app.request('/api/v1/sign-content', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    expect(signed.mime).toBe('video/quicktime');
    expect(signed.verification.verification.status).toBe('verified');
  });
});
