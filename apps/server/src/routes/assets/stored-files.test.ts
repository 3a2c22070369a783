// Stored files through the HTTP API on both asset stores (files on disk, S3 on a real s3rver): an
// image signed, its signed file, .c2pa and thumbnail fetched whole and by Range (as a video player
// seeks), the downloaded file verified; the orphan sweep and account deletion over the same store.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { makeBmff, makeImage, rawValidationState } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { removeAccountFiles } from '../../services/accounts/remove-account-files.ts';
import { parseAssetStoreSetting } from '../../services/assets/asset-store-setting.ts';
import type { AssetStore } from '../../services/assets/asset-store.ts';
import { openAssetStore, type OpenedAssetStore } from '../../services/assets/open-asset-store.ts';
import { createOrphanSweep } from '../../services/assets/orphan-sweep.ts';
import { startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { listenOnLoopback } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const metadata = JSON.stringify({ creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false, title: 'harbour.jpg' });

// The production pairing too: S3 with PostgreSQL when TEST_DATABASE_URL is set, the files store with PGlite.
const pairs: [store: 'files' | 's3', database: TestDatabaseKind][] = [['files', 'pglite'], ['s3', testDatabaseKinds().at(-1) ?? 'pglite']];

describe.each(pairs)('stored files over HTTP on the %s store with %s', (kind, databaseKind) => {
  let s3: S3TestServer | undefined;
  let opened: OpenedAssetStore;
  let store: AssetStore;
  let dataDir: string;
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let account: Awaited<ReturnType<typeof signUpAccount>>;
  let signed: TSignContentResponse;
  let whole: Uint8Array;

  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => {
    const { pathname, search } = new URL(url);
    return server.app.request(pathname + search, { method, headers });
  };
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pg-stored-files-'));
    if (kind === 's3') s3 = await startS3TestServer();
    opened = await openAssetStore(parseAssetStoreSetting(s3?.url), { dataDir, credentials: s3?.credentials });
    store = opened.store;
    database = await openTestDatabase(databaseKind);
    server = await createTestServer(database, { store, config: { maxAssetBytes: 8 * 1024 * 1024 } });
    server.services.accountDeletion.onDeleting(removeAccountFiles(database.db, store));
    assets = await startLocalAssetServer();
    account = await signUpAccount(server);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 320, 240)]), metadata }, account.session.access_token, { name: 'harbour.jpg' });
    expect(response.status).toBe(201);
    signed = await readAnswer(ZSignContentResponse, response);
    const download = await get(signed.signedAssetUrl);
    expect(download.status).toBe(200);
    whole = await bytesOf(download);
  });
  afterAll(async () => {
    assets.close();
    await database.close();
    opened.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the signed file whole, saying ranges are accepted, and it verifies', async () => {
    const response = await get(signed.signedAssetUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(signed.bytes.signed));
    expect(whole.byteLength).toBe(signed.bytes.signed);
    expect(await rawValidationState(whole, 'image/jpeg')).toBe('Valid');
    const verify = await readAnswer(ZVerifyResponse, await server.request('POST', 'verify-content', { body: { assetUrl: assets.publish(`/signed/${signed.assetId}.jpg`, whole) } }));
    expect(verify.verification.status).toBe('verified');
    expect(verify.report.manifestId).toBe(signed.manifestId);
  });

  it('serves byte ranges a player asks for, and the pieces make the same file', async () => {
    const size = whole.byteLength;
    const first = await get(signed.signedAssetUrl, { range: 'bytes=0-999' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-999/${size}`);
    expect(first.headers.get('content-length')).toBe('1000');
    const middle = await get(signed.signedAssetUrl, { range: 'bytes=1000-1999' });
    const rest = await get(signed.signedAssetUrl, { range: 'bytes=2000-' });
    expect(rest.headers.get('content-range')).toBe(`bytes 2000-${size - 1}/${size}`);
    const pieces = Buffer.concat([await bytesOf(first), await bytesOf(middle), await bytesOf(rest)]);
    expect(Buffer.compare(pieces, whole)).toBe(0);

    const tail = await get(signed.signedAssetUrl, { range: 'bytes=-100' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(Buffer.compare(await bytesOf(tail), whole.subarray(size - 100))).toBe(0);

    // Past the end is cut to the end; a suffix longer than the file is the whole file.
    const beyond = await get(signed.signedAssetUrl, { range: `bytes=${size - 10}-${size + 5000}` });
    expect(beyond.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect((await bytesOf(beyond)).byteLength).toBe(10);
    const longSuffix = await get(signed.signedAssetUrl, { range: `bytes=-${size * 2}` });
    expect(longSuffix.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
  });

  it('lets a video player open a signed MP4 with bytes=0- and seek into it', async () => {
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([makeBmff('mp4', 256 * 1024)]), metadata }, account.session.access_token, { name: 'clip.mp4' });
    expect(response.status).toBe(201);
    const video = await readAnswer(ZSignContentResponse, response);
    const size = video.bytes.signed;
    // What browsers send first for <video>: an open range, answered 206 with the whole length.
    const opening = await get(`${video.signedAssetUrl}?download=0`, { range: 'bytes=0-' });
    expect(opening.status).toBe(206);
    expect(opening.headers.get('content-type')).toBe('video/mp4');
    expect(opening.headers.get('content-disposition')).toBe('inline');
    expect(opening.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
    const all = await bytesOf(opening);
    expect(await rawValidationState(all, 'video/mp4')).toBe('Valid');
    const seek = await get(`${video.signedAssetUrl}?download=0`, { range: `bytes=${Math.floor(size / 2)}-` });
    expect(seek.status).toBe(206);
    expect(Buffer.compare(await bytesOf(seek), all.subarray(Math.floor(size / 2)))).toBe(0);
  });

  it('answers 416 for a range beyond the file, and the whole file for ranges it does not serve', async () => {
    const size = whole.byteLength;
    const unsatisfiable = await get(signed.signedAssetUrl, { range: `bytes=${size}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(await unsatisfiable.json()).toMatchObject({ error: { code: 'range_not_satisfiable', message: expect.stringContaining(`${size} bytes`) } });
    expect((await get(signed.signedAssetUrl, { range: 'bytes=-0' })).status).toBe(416);

    for (const range of ['bytes=0-9,20-29', 'bytes=9-0', 'lines=1-2', 'bytes=abc', 'bytes=']) {
      const response = await get(signed.signedAssetUrl, { range });
      expect(response.status, range).toBe(200);
      expect((await bytesOf(response)).byteLength, range).toBe(size);
    }
    // An If-Range validator cannot be ours (we send none): the whole file, as the RFC says.
    expect((await get(signed.signedAssetUrl, { range: 'bytes=0-9', 'if-range': '"x"' })).status).toBe(200);
  });

  it('answers HEAD with the size and range but no body', async () => {
    const head = await get(signed.signedAssetUrl, { range: 'bytes=10-19' }, 'HEAD');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toBe(`bytes 10-19/${whole.byteLength}`);
    expect(head.headers.get('content-length')).toBe('10');
    expect((await bytesOf(head)).byteLength).toBe(0);
  });

  it('answers a cache that holds the current file 304 over HTTP, Range or not, and the file when it holds another', async () => {
    const api = await listenOnLoopback(server);
    try {
      const url = `${api.base}${new URL(signed.signedAssetUrl).pathname.replace(/^\/api\/v1/, '')}`;
      const first = await fetch(url);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      await first.arrayBuffer();
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await fetch(url, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
        expect((await bytesOf(again)).byteLength).toBe(0);
      }
      // The validator is checked before any Range.
      expect((await fetch(url, { headers: { 'if-none-match': etag, range: 'bytes=0-9' } })).status).toBe(304);
      const changed = await fetch(url, { headers: { 'if-none-match': '"0000"' } });
      expect(changed.status).toBe(200);
      expect(await bytesOf(changed)).toEqual(whole);
    } finally {
      await api.close();
    }
  });

  it('serves the .c2pa manifest store, the held asset, the resolver’s copy and the thumbnail by range too', async () => {
    const sidecar = await get(signed.sidecarUrl);
    expect(sidecar.status).toBe(200);
    const manifestStore = await bytesOf(sidecar);
    const head = await get(signed.sidecarUrl, { range: 'bytes=0-15' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-type')).toBe('application/c2pa');
    expect(Buffer.compare(await bytesOf(head), manifestStore.subarray(0, 16))).toBe(0);

    const sbr = await server.app.request(`/api/v1/sbr/manifests/${encodeURIComponent(signed.manifestId)}`, { headers: { range: 'bytes=16-31' } });
    expect(sbr.status).toBe(206);
    expect(Buffer.compare(await bytesOf(sbr), manifestStore.subarray(16, 32))).toBe(0);

    const held = await server.app.request(`/api/v1/manifests/${encodeURIComponent(signed.manifestId)}/asset`, { headers: { range: 'bytes=-64' } });
    expect(held.status).toBe(206);
    expect(Buffer.compare(await bytesOf(held), whole.subarray(whole.byteLength - 64))).toBe(0);

    const thumbnail = await server.app.request(`/api/v1/assets/${signed.assetId}/thumbnail`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const thumbnailBytes = await bytesOf(thumbnail);
    expect(thumbnailBytes.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    const thumbnailPart = await server.app.request(`/api/v1/assets/${signed.assetId}/thumbnail`, { headers: { range: 'bytes=2-5' } });
    expect(Buffer.compare(await bytesOf(thumbnailPart), thumbnailBytes.subarray(2, 6))).toBe(0);

    expect((await server.app.request(`/api/v1/assets/${randomUUID()}`, { headers: { range: 'bytes=0-9' } })).status).toBe(404);
  });

  it('lets the orphan sweep find and remove files a crash left without a row, and keeps signed ones', async () => {
    const orphan = randomUUID();
    await store.put(orphan, 'signed', new Uint8Array([1, 2, 3]));
    await store.put(orphan, 'manifest.c2pa', new Uint8Array([4, 5, 6]));
    const sweep = createOrphanSweep({ store, signedAssets: server.services.signedAssets, graceMs: 0, clock: () => new Date(Date.now() + 2_000) });
    const result = await sweep.sweep();
    expect(result.removedFolders).toEqual([orphan]);
    expect(result.rowsWithoutFiles).toEqual([]);
    expect(await store.get(orphan, 'signed')).toBeNull();
    expect((await get(signed.signedAssetUrl)).status).toBe(200);
  });

  it('removes an account’s stored files when the account is deleted', async () => {
    const leaving = await signUpAccount(server);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 64, 48)]), metadata }, leaving.session.access_token, { name: 'a.jpg' });
    const leavingAsset = await readAnswer(ZSignContentResponse, response);
    expect(await store.get(leavingAsset.assetId, 'signed')).not.toBeNull();
    const deleted = await server.request('DELETE', 'account', { token: leaving.session.access_token, body: { confirm: true, currentPassword: leaving.password } });
    expect(deleted.status).toBe(204);
    for (const file of ['signed', 'manifest.c2pa', 'thumbnail.jpg'] as const) expect(await store.get(leavingAsset.assetId, file)).toBeNull();
    expect((await store.list()).map((folder) => folder.assetId)).not.toContain(leavingAsset.assetId);
    expect(await store.get(signed.assetId, 'signed')).not.toBeNull();
  });
});
