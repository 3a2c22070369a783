// A pool verifies a file on disk by its path: the worker reads it as the engine asks, and the
// answer is the one verify() gives for the same bytes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { makeBmff } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

describe('engine pool: verifying a file by its path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-pool-file-'));
  let pool: EnginePool;
  let rootPem: string;
  let signed: Uint8Array;
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    rootPem = pki.rootCertificatePem;
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [rootPem] });
    signed = (await pool.sign(makeBmff('mp4', 2 * 1024 * 1024), 'video/mp4', { creator: 'Ada' })).signedBytes;
    writeFileSync(join(dir, 'signed.mp4'), signed);
  });
  afterAll(() => pool.close());

  it('gives the report verify() gives for the bytes, plain and serialized', async () => {
    const report = await pool.verify({ path: join(dir, 'signed.mp4') }, 'video/mp4');
    expect(report).toEqual(await verify(signed, 'video/mp4', { trust: createTrustStore([rootPem]) }));
    expect(report.verification.status).toBe('verified');
    expect((await pool.verify({ path: join(dir, 'signed.mp4') }, 'video/mp4', { answer: 'serialized' })).status).toBe('verified');
  });

  it('fails a path that is not there, and goes on working', async () => {
    await expect(pool.verify({ path: join(dir, 'missing.mp4') }, 'video/mp4')).rejects.toThrow(/ENOENT/);
    expect((await pool.verify({ path: join(dir, 'signed.mp4') }, 'video/mp4')).verification.status).toBe('verified');
  });
});
