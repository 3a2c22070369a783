// main.ts as a real process on ASSET_STORE: a malformed setting or a bucket that cannot be used stops
// the start with a sentence naming it; on a real s3rver the server signs into the bucket and serves
// the signed file back by range.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server.ts';
import { startServerProcess } from './testing/server-process.ts';
import { signUpOnProcess } from './testing/sign-up-mail.ts';

describe('ASSET_STORE at start', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3TestServer();
  });
  afterAll(async () => s3.close());
  const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'pg-asset-store-start-'));
  const base = { TRUST_LIST_REFRESH_HOURS: '0', OCSP: 'off' };

  it('refuses a malformed setting and a bucket it cannot use, saying which', async () => {
    await expect(startServerProcess(dataDir(), { ...base, ASSET_STORE: 's3://Not_A_Bucket' })).rejects.toThrow(/ASSET_STORE: "Not_A_Bucket" is not an S3 bucket name/);
    await expect(startServerProcess(dataDir(), { ...base, ...s3.env, ASSET_STORE: s3.url.replace(s3.bucket, 'missing-bucket') })).rejects.toThrow(/bucket missing-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
  }, 120_000);

  it('signs into the bucket and serves the signed file back whole and by range', async () => {
    const server = await startServerProcess(dataDir(), { ...base, ...s3.env });
    try {
      expect(await server.waitForLog((entry) => entry.msg === 'asset store ready')).toMatchObject({ kind: 's3', location: expect.stringContaining(`s3://${s3.bucket}/`) });
      const session = await signUpOnProcess(server, 'store@example.com', 'secret-123-store');
      const form = new FormData();
      form.set('file', new Blob([await makeImage('jpeg', 160, 120)]), 'pier.jpg');
      form.set('metadata', JSON.stringify({ creator: 'Ada Reporter', aiAssisted: false }));
      const signing = await fetch(`${server.baseUrl}/api/v1/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}` }, body: form });
      expect(signing.status).toBe(201);
      const { assetId, bytes } = (await signing.json()) as { assetId: string; bytes: { signed: number } };
      expect(s3.requests.some((line) => line.startsWith(`PUT /${s3.bucket}/${assetId}/signed`))).toBe(true);

      const whole = new Uint8Array(await (await fetch(`${server.baseUrl}/api/v1/assets/${assetId}`)).arrayBuffer());
      expect(whole.byteLength).toBe(bytes.signed);
      const part = await fetch(`${server.baseUrl}/api/v1/assets/${assetId}`, { headers: { range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.signed}`);
      expect(Buffer.compare(new Uint8Array(await part.arrayBuffer()), whole.subarray(100, 200))).toBe(0);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
