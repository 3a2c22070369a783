import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileC2pa } from '../c2pa/wasm.ts';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

describe('engine pool hand-over', () => {
  let copying: EnginePool;
  let transferring: EnginePool;
  let signed: Uint8Array;
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-handover-')), 'pki'));
    const options = { workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] };
    [copying, transferring] = await Promise.all([createEnginePool(options), createEnginePool({ ...options, transferBytes: true })]);
    signed = (await copying.sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada', aiAssisted: true })).signedBytes;
  });
  afterAll(async () => Promise.all([copying.close(), transferring.close()]));

  it('compiles c2pa-wasm once per process and shares that Module', async () => {
    expect(await compileC2pa()).toBe(await compileC2pa());
  });

  it('copies by default: the caller keeps its bytes', async () => {
    const bytes = new Uint8Array(signed);
    const report = await copying.verify(bytes, 'image/jpeg');
    expect(report.verification.status).toBe('verified');
    expect(bytes.byteLength).toBe(signed.byteLength);
  });

  it('with transferBytes, moves the file to the worker: the same verdict, the caller\'s buffer detached', async () => {
    const bytes = new Uint8Array(signed);
    const verifying = transferring.verify(bytes, 'image/jpeg', { answer: 'serialized' });
    expect(bytes.byteLength).toBe(0);
    expect((await verifying).status).toBe('verified');
  });

  it('with transferBytes, still copies a view whose buffer holds other data', async () => {
    const shared = new Uint8Array(signed.byteLength + 8);
    shared.set(signed, 8);
    const view = shared.subarray(8);
    expect((await transferring.verify(view, 'image/jpeg')).verification.status).toBe('verified');
    expect(view.byteLength).toBe(signed.byteLength);
  });

  it('brings signed bytes back whole, whichever way the file went', async () => {
    const image = await makeImage('png', 64, 48);
    const result = await transferring.sign(new Uint8Array(image), 'image/png', { creator: 'Ada', aiAssisted: true });
    expect(result.signedBytes.byteLength).toBeGreaterThan(image.byteLength);
    expect((await copying.verify(result.signedBytes, 'image/png')).verification.status).toBe('verified');
  });
});
