// Listing an account's signed content verifies each stored file, and a stored video signed from its
// spool file may be gigabytes: it is verified from a copy streamed to the spool folder, never read
// whole. Over real HTTP, with the verification cache off so every listing verifies: the kernel's peak
// RSS of this process, reset once the server idles after a warm-up listing, must grow by less than
// three quarters of the video's size while GET /assets verifies it (holding the file once would fail).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZSignContentResponse, ZSignedAssetList } from '@provenance/contracts';
import { writeUnsignedMp4 } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const MEGABYTE = 1024 * 1024;
const LARGE_BYTES = 96 * MEGABYTE;
const kilobytes = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN);

describe('GET /assets with a stored video larger than the upload limit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-list-large-video-'));
  let database: DbHandle;
  let server: TestServer;
  let engine: Awaited<ReturnType<typeof createEngine>>;
  let assets: LocalAssetServer;
  let listener: ServerType;
  let base: string;
  let token: string;

  beforeAll(async () => {
    writeUnsignedMp4(join(dir, 'large.mp4'), LARGE_BYTES);
    database = await openTestDatabase('pglite');
    engine = await createEngine({ pkiDir: join(dir, 'pki'), trustAnchorFiles: [], workers: 1 });
    server = await createTestServer(database, { engine, store: createFileAssetStore(join(dir, 'assets')), verifyCacheEntries: 0, config: { maxAssetBytes: MEGABYTE, maxVideoBytes: LARGE_BYTES + 64 * MEGABYTE } });
    token = (await signUpAccount(server)).session.access_token;
    assets = await startLocalAssetServer();
    listener = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((ready) => listener.once('listening', () => ready()));
    base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/v1`;
    // Signed by URL: fetched to the spool folder, signed from the file, streamed into the store.
    const sign = async (name: string, bytes: Uint8Array) => {
      const response = await fetch(`${base}/sign-content`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assetUrl: assets.publish(`/${name}`, bytes, 'video/mp4'), metadata: { creator: 'Ada Reporter', title: name } }),
      });
      return readAnswer(ZSignContentResponse, response);
    };
    await sign('large.mp4', readFileSync(join(dir, 'large.mp4')));
  }, 300_000);
  afterAll(async () => {
    await new Promise<void>((closed) => listener?.close(() => closed()));
    assets?.close();
    await server?.close();
    await engine?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async () => readAnswer(ZSignedAssetList, await fetch(`${base}/assets`, { headers: { authorization: `Bearer ${token}` } }));

  it('verifies it from a spooled copy: its own verdict, with peak RSS growth below its size', async () => {
    // Warm-up: the same listing once, so the growth measured is the verification's, not the code's first run.
    expect((await list()).assets.map((asset) => asset.verdict?.status)).toEqual(['verified']);
    global.gc?.();
    const idle = kilobytes('VmRSS');
    writeFileSync('/proc/self/clear_refs', '5'); // the kernel's peak RSS starts again from now
    const listed = await list();
    const peak = kilobytes('VmHWM');
    const large = listed.assets.find((asset) => asset.title === 'large.mp4');
    expect(large?.bytes).toBeGreaterThan(LARGE_BYTES);
    expect(large?.verdict).toMatchObject({ status: 'verified', trust: { tier: 'gateway' } });
    const growthMb = (peak - idle) / 1024;
    console.log(`GET /assets verifying a ${(large!.bytes / MEGABYTE).toFixed(0)} MB video: idle RSS ${(idle / 1024).toFixed(0)} MB, peak ${(peak / 1024).toFixed(0)} MB, growth ${growthMb.toFixed(0)} MB`);
    // Three quarters of its size: holding it once fails by a margin a loaded machine's noise does not close.
    expect(growthMb).toBeLessThan((0.75 * LARGE_BYTES) / MEGABYTE);
  }, 120_000);
});
