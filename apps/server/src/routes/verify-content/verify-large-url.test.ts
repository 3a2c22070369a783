// A large MP4 given by URL (POST /verify-content and POST /sign-content with assetUrl) is fetched
// through the safe fetcher's streaming mode into the upload spool folder, hashed as it arrives, and
// verified or signed from disk as a spooled upload is: in constant memory, up to MAX_VIDEO_BYTES for
// a video (told by its first bytes), MAX_ASSET_BYTES for anything else. The asset server is a real
// HTTP server on 127.0.0.1 streaming files generated here (~300 MB by default, VERIFY_LARGE_URL_MB);
// the peak RSS of this process (server, engine worker, asset server) is measured as in the
// large-upload test (below min(512 MB, the file's size); with VERIFY_LARGE_URL_MB under ~100 the
// bound is noise, not a check). Whatever happens, the spool folder is empty after each request.
import { createReadStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZSignContentResponse, ZVerifyResponse } from '@provenance/contracts';
import { makeBmff, writeUnsignedMp4 } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { createTestServer, readJson, signUpAccount, testAssetDownloads, type TestServer } from '../../testing/test-server.ts';

const MEGABYTE = 1024 * 1024;
const LARGE_BYTES = Number(process.env['VERIFY_LARGE_URL_MB'] ?? 300) * MEGABYTE;
const MAX_VIDEO_BYTES = LARGE_BYTES + 64 * MEGABYTE;
const kilobytes = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

/** Bytes of each file the asset server read for its last response. */
const served = new Map<string, number>();

/** Serves the files of `dir` with their length; /cut/<name> declares the whole length, sends half and drops the connection. */
function assetServer(dir: string): Server {
  return createServer((request, response) => {
    const [, route, name] = /^\/(files|cut|declared-huge)\/([\w.-]+)$/.exec(request.url ?? '') ?? [];
    if (route === 'declared-huge') return void response.writeHead(200, { 'content-length': String(MAX_VIDEO_BYTES + 1) }).end(makeBmff('mp4', 1024));
    if (!name) return void response.writeHead(404).end();
    const path = join(dir, name);
    const size = statSync(path).size;
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    served.set(name, 0);
    if (route === 'files') {
      const file = createReadStream(path);
      file.on('data', (chunk) => served.set(name, served.get(name)! + chunk.length));
      response.on('close', () => file.destroy());
      return void file.pipe(response);
    }
    createReadStream(path, { end: Math.floor(size / 2) }).on('end', () => setTimeout(() => response.socket?.destroy(), 50)).pipe(response, { end: false });
  });
}

describe('POST /verify-content and /sign-content of a large MP4 by URL, streamed to disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-large-url-'));
  const files = join(dir, 'files');
  const spoolDir = join(dir, 'spool');
  let database: DbHandle;
  let server: TestServer;
  let engine: Awaited<ReturnType<typeof createEngine>>;
  let assets: Server;
  let base: string;
  let token: string;

  beforeAll(async () => {
    mkdirSync(files);
    mkdirSync(spoolDir);
    writeUnsignedMp4(join(files, 'large.mp4'), LARGE_BYTES);
    writeFileSync(join(files, 'small.mp4'), makeBmff('mp4', 4 * MEGABYTE));
    // Not a video: its limit is MAX_ASSET_BYTES (1 MB here), whatever its name says.
    writeFileSync(join(files, 'noise.mp4'), Buffer.alloc(2 * MEGABYTE, 0x5a));
    // An MP4 cut in the middle of its mdat: fetched whole, but no engine can sign it.
    writeFileSync(join(files, 'broken.mp4'), makeBmff('mp4', 4 * MEGABYTE).subarray(0, 3 * MEGABYTE));
    database = await openTestDatabase('pglite');
    engine = await createEngine({ pkiDir: join(dir, 'pki'), trustAnchorFiles: [], workers: 1 });
    // Signed by the gateway (trusted by the test server) from disk, in the worker.
    await engine.sign({ path: join(files, 'large.mp4') }, 'video/mp4', { creator: 'Ada Reporter' }, { output: join(files, 'large-signed.mp4') });
    await engine.sign({ path: join(files, 'small.mp4') }, 'video/mp4', { creator: 'Ada Reporter' }, { output: join(files, 'small-signed.mp4') });
    server = await createTestServer(database, {
      engine,
      store: createFileAssetStore(join(dir, 'assets')),
      config: { maxAssetBytes: MEGABYTE, maxVideoBytes: MAX_VIDEO_BYTES },
      assetDownloads: { ...testAssetDownloads(MAX_VIDEO_BYTES), spoolDir, limits: { maxAssetBytes: MEGABYTE, maxVideoBytes: MAX_VIDEO_BYTES } },
    });
    token = (await signUpAccount(server)).session.access_token;
    assets = assetServer(files);
    await new Promise<void>((listening) => assets.listen(0, '127.0.0.1', listening));
    base = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`;
  }, 600_000);
  afterAll(async () => {
    assets.closeAllConnections();
    assets.close();
    await server.close();
    await engine.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const verifyUrl = (assetUrl: string) => server.request('POST', 'verify-content', { body: { assetUrl } });
  const signUrl = (assetUrl: string) => server.request('POST', 'sign-content', { token, body: { assetUrl, metadata: { creator: 'Ada Reporter' } } });
  const spoolLeft = () => readdirSync(spoolDir);
  const errorOf = async (response: Response) => (await readJson<{ error: { code: string; message: string } }>(response)).error;

  it('verifies a signed MP4 by URL from its spool file, with peak RSS growth below the file size and under 512 MB', async () => {
    // Warm-up: the same path with a small video, so the growth measured is the large file's.
    expect((await verifyUrl(`${base}/files/small-signed.mp4`)).status).toBe(200);
    global.gc?.();
    const idle = kilobytes('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5'); // the kernel's peak RSS starts again from now
    const response = await verifyUrl(`${base}/files/large-signed.mp4`);
    const peak = kilobytes('VmHWM');
    expect(response.status).toBe(200);
    const result = await readAnswer(ZVerifyResponse, response);
    expect(result.verification.status).toBe('verified');
    expect(result.report.codes.success.map((code) => code.code)).toContain('assertion.bmffHash.match');
    expect(spoolLeft()).toEqual([]);
    const growthMb = (peak - idle) / 1024;
    const sizeMb = statSync(join(files, 'large-signed.mp4')).size / MEGABYTE;
    console.log(`verify-content by URL of ${sizeMb.toFixed(0)} MB: idle RSS ${(idle / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB`);
    expect(growthMb).toBeLessThan(Math.min(512, LARGE_BYTES / MEGABYTE));
  }, 600_000);

  it('signs an unsigned MP4 by URL from its spool file, and one already signed keeping its credentials as the parent; the stored files verify', async () => {
    const response = await signUrl(`${base}/files/large.mp4`);
    const body = await response.text();
    expect(response.status, body).toBe(201);
    const signed = ZSignContentResponse.parse(JSON.parse(body));
    expect(signed.bytes.original).toBe(statSync(join(files, 'large.mp4')).size);
    expect(signed.verification.verification.status).toBe('verified');
    const stored = await server.services.signedAssets.findById(signed.assetId);
    expect(stored).toMatchObject({ source: 'url', sourceUrl: `${base}/files/large.mp4` });
    expect(spoolLeft()).toEqual([]);
    // Signed again by URL, its credentials kept as the parent (read natively from disk): constant memory too.
    global.gc?.();
    const idle = kilobytes('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5');
    const again = await signUrl(`${base}/files/large-signed.mp4`);
    const peak = kilobytes('VmHWM');
    const growthMb = (peak - idle) / 1024;
    console.log(`sign-content by URL of a signed ${(LARGE_BYTES / MEGABYTE).toFixed(0)} MB MP4 keeping its parent: idle RSS ${(idle / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB`);
    expect(growthMb).toBeLessThan(Math.min(512, LARGE_BYTES / MEGABYTE));
    const againBody = await again.text();
    expect(again.status, againBody).toBe(201);
    const resigned = ZSignContentResponse.parse(JSON.parse(againBody));
    expect(resigned).toMatchObject({ parentCredentials: { status: 'valid', reason: null }, warnings: [] });
    expect(resigned.verification.verification.status).toBe('verified');
    expect(spoolLeft()).toEqual([]);
  }, 600_000);

  it('answers 422 fetch_incomplete when the asset server drops the connection mid-body', async () => {
    const response = await verifyUrl(`${base}/cut/large-signed.mp4`);
    expect(response.status).toBe(422);
    const error = await errorOf(response);
    expect(error.code).toBe('fetch_incomplete');
    expect(error.message).toMatch(/^The asset could not be fetched: The asset server closed the connection before the whole asset arrived \(\d+ bytes of \d+\)$/);
    expect(spoolLeft()).toEqual([]);
  }, 120_000);

  it('refuses a video over MAX_VIDEO_BYTES and anything else over MAX_ASSET_BYTES with 413, told by its bytes', async () => {
    const huge = await verifyUrl(`${base}/declared-huge/video.mp4`);
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).message).toBe(`The asset could not be fetched: The asset is ${MAX_VIDEO_BYTES + 1} bytes, over the limit of ${MAX_VIDEO_BYTES} bytes`);
    const noise = await verifyUrl(`${base}/files/noise.mp4`);
    expect(noise.status).toBe(413);
    expect(await errorOf(noise)).toEqual({ code: 'fetch_too_large', message: `The asset could not be fetched: The asset is ${2 * MEGABYTE} bytes, over the limit of ${MEGABYTE} bytes (an MP4, MOV or M4A file may have up to ${MAX_VIDEO_BYTES} bytes)` });
    expect((await signUrl(`${base}/files/noise.mp4`)).status).toBe(413);
    expect(spoolLeft()).toEqual([]);
  });

  it('refuses a sidecar signing of a video over MAX_ASSET_BYTES as its download passes that limit, not once it is whole', async () => {
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl: `${base}/files/large.mp4`, metadata: { creator: 'Ada Reporter' }, sidecar: true } });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({ code: 'sidecar_unsupported', message: 'A video this large is signed with its manifest embedded; sidecar signing takes files up to the upload limit' });
    // The asset server stops soon after the limit (1 MB here): socket and stream buffers, far from the file's size.
    await expect.poll(() => served.get('large.mp4')).toBeLessThan(LARGE_BYTES / 4);
    expect(spoolLeft()).toEqual([]);
  });

  it('removes the spool file when the engine refuses what was fetched', async () => {
    const response = await signUrl(`${base}/files/broken.mp4`);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).code).toBe('malformed_asset');
    expect(spoolLeft()).toEqual([]);
  });
});
