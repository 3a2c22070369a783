// A ~300 MB MP4 uploaded over real HTTP to POST /sign-content is signed in constant memory: spooled,
// hashed and copied by an engine worker, verified by path, streamed into the asset store. The
// kernel's peak RSS of this process (server, worker, client) is reset once the server idles after a
// warm-up signing, and its growth over the idle RSS during the upload must stay below the file's
// own size (holding the file once would fail) and under the 512 MB.
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZSignContentResponse } from '@provenance/contracts';
import { makeBmff, writeUnsignedMp4 } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const MEGABYTE = 1024 * 1024;
const LARGE_BYTES = Number(process.env['SIGN_LARGE_MP4_MB'] ?? 300) * MEGABYTE;
const kilobytes = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

/** POSTs the file at `path` as a multipart upload, streamed from disk (the client holds none of it). */
function uploadFile(port: number, token: string, path: string, name: string): Promise<{ status: number; body: string }> {
  const boundary = `----large-upload-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${JSON.stringify({ creator: 'Ada Reporter' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, path: '/api/v1/sign-content', method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.byteLength + statSync(path).size + tail.byteLength } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    request.on('error', reject);
    request.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => request.end(tail));
    file.pipe(request, { end: false });
  });
}

describe('POST /sign-content of a ~300 MB MP4 over HTTP, in constant memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-sign-large-memory-'));
  let database: DbHandle;
  let server: TestServer;
  let engine: Awaited<ReturnType<typeof createEngine>>;
  let listener: ServerType;
  let port: number;
  let token: string;

  beforeAll(async () => {
    writeUnsignedMp4(join(dir, 'large.mp4'), LARGE_BYTES);
    writeFileSync(join(dir, 'small.mp4'), makeBmff('mp4', 12 * MEGABYTE));
    database = await openTestDatabase('pglite');
    engine = await createEngine({ pkiDir: join(dir, 'pki'), trustAnchorFiles: [], workers: 1 });
    server = await createTestServer(database, { engine, store: createFileAssetStore(join(dir, 'assets')), config: { maxAssetBytes: MEGABYTE, maxVideoBytes: LARGE_BYTES + 64 * MEGABYTE } });
    token = (await signUpAccount(server)).session.access_token;
    listener = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((ready) => listener.once('listening', () => ready()));
    port = (listener.address() as AddressInfo).port;
  }, 300_000);
  afterAll(async () => {
    await new Promise<void>((closed) => listener.close(() => closed()));
    await server.close();
    await engine.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs it with peak RSS growth below the file size and under 512 MB', async () => {
    // Warm-up: the same path once with a small video, so the growth measured is the large file's.
    expect((await uploadFile(port, token, join(dir, 'small.mp4'), 'small.mp4')).status).toBe(201);
    global.gc?.();
    const idle = kilobytes('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5'); // the kernel's peak RSS starts again from now
    const response = await uploadFile(port, token, join(dir, 'large.mp4'), 'large.mp4');
    const peak = kilobytes('VmHWM');
    expect(response.status, response.body).toBe(201);
    const signed = ZSignContentResponse.parse(JSON.parse(response.body));
    expect(signed.bytes.original).toBe(statSync(join(dir, 'large.mp4')).size);
    expect(signed.verification.verification.status).toBe('verified');
    const growthMb = (peak - idle) / 1024;
    console.log(`sign-content of ${(signed.bytes.original / MEGABYTE).toFixed(0)} MB: idle RSS ${(idle / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB`);
    expect(growthMb).toBeLessThan(Math.min(512, LARGE_BYTES / MEGABYTE));
  }, 600_000);
});
