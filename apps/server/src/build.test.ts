// The production build as `npm start` runs it: build.js bundles the server, and the bundle starts
// with plain Node (no tsx) and the start script's malloc and V8 settings, finds its migrations,
// answers the API and verifies through the compiled engine worker (an unsigned image fingerprinted for
// recovery through the compiled fingerprint worker), then stops cleanly on SIGTERM.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
// Inside dist/ (ignored by git and lint) so it never replaces the build a running `npm start` uses.
const OUT_DIR = path.join(SERVER_DIR, 'dist', `build-test-${process.pid}`);

describe('the production build', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-build-test-'));
    await promisify(execFile)(process.execPath, [path.join(SERVER_DIR, 'build.js'), OUT_DIR], { cwd: SERVER_DIR });
  }, 120_000);

  afterAll(async () => {
    await fs.rm(OUT_DIR, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('emits the bundle and the engine worker, which run without tsx', async () => {
    const files = await fs.readdir(OUT_DIR);
    expect(files).toEqual(expect.arrayContaining(['engine-worker.js', 'image-fingerprint-worker.js', 'main.js']));
    for (const script of files.filter((file) => file.endsWith('.js'))) expect(files).toContain(`${script}.map`);
    // The S3 store and its SDK are a chunk of their own, loaded only when ASSET_STORE names a bucket.
    expect(files.some((file) => /^s3-asset-store-\w+\.js$/.test(file))).toBe(true);
    expect(await fs.readFile(path.join(OUT_DIR, 'main.js'), 'utf8')).not.toMatch(/^import .* from "@aws-sdk\//m);
    const server = await startServerProcess(dataDir, { ENGINE_WORKERS: '1' }, path.join(OUT_DIR, 'main.js'));
    try {
      const openapi = await fetch(`${server.baseUrl}/api/v1/openapi.json`);
      expect(openapi.status).toBe(200);

      const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const verified = await fetch(`${server.baseUrl}/api/v1/verify-content`, {
        method: 'POST',
        headers: { 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
      expect(verified.status).toBe(200);
      expect(((await verified.json()) as { verification: { status: string } }).verification.status).toBe('unsigned');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 120_000);
});
