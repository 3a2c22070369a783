// A video sent to verify may pass MAX_ASSET_BYTES, up to MAX_VIDEO_BYTES: spooled to disk and
// verified from the file (the engine reads it as it needs, never whole); anything else over
// MAX_ASSET_BYTES is still a 413.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { makeBmff } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { createTestServer, readJson, type TestServer } from '../../testing/test-server.ts';

const MEGABYTE = 1024 * 1024;

describe('POST /verify-content of a video larger than MAX_ASSET_BYTES', () => {
  let database: DbHandle;
  let server: TestServer;
  let signedMp4: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database, { config: { maxAssetBytes: MEGABYTE, maxVideoBytes: 64 * MEGABYTE } });
    // Signed by a key the gateway does not trust: intact, so partial.
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-large-upload-')), 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    signedMp4 = (await sign(makeBmff('mp4', 12 * MEGABYTE), 'video/mp4', { creator: 'Ada Reporter' }, { signer })).signedBytes;
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const post = (body: Uint8Array, type: string) => server.app.request('/api/v1/verify-content', { method: 'POST', body, headers: { 'content-type': type } });

  it('verifies a signed MP4 sent as the body from its spool file', async () => {
    const response = await post(signedMp4, 'video/mp4');
    expect(response.status).toBe(200);
    const result = await readAnswer(ZVerifyResponse, response);
    expect(result.verification.status).toBe('partial');
    expect(result.report.codes.success.map((code) => code.code)).toContain('assertion.bmffHash.match');
  });

  it('reports a tampered one invalid', async () => {
    const tampered = signedMp4.slice();
    tampered[tampered.byteLength - 4096]! ^= 0x01;
    const result = await readAnswer(ZVerifyResponse, await post(tampered, 'application/octet-stream'));
    expect(result.verification.status).toBe('invalid');
    expect(result.verification.reasonCode).toBe('assertion.bmffHash.mismatch');
  });

  it('still refuses any other file over MAX_ASSET_BYTES with 413', async () => {
    const response = await post(new Uint8Array(10 * MEGABYTE).fill(7), 'image/jpeg');
    expect(response.status).toBe(413);
    expect((await readJson<{ error: { code: string; message: string } }>(response)).error.message).toMatch(/exceeds 1048576 bytes \(an MP4, MOV or M4A file may have up to 67108864\)/);
    expect((await post(new Uint8Array(65 * MEGABYTE), 'video/mp4')).status).toBe(413);
  });
});
