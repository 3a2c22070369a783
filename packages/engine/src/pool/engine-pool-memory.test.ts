// A worker whose WebAssembly memory grew past the pool's bound (c2pa-wasm read a large file whole;
// that memory never shrinks) is replaced by a fresh worker, started while the old one goes on
// working, and the fresh one verifies under the trust lists in force, not those of its start.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

const MB = 1024 * 1024;
const BOUND = 64 * MB;

describe('engine pool: a worker grown large is replaced', () => {
  let pool: EnginePool;
  let rootPem: string;
  let signed: Uint8Array;
  let small: Uint8Array;
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-memory-')), 'pki'));
    rootPem = pki.rootCertificatePem;
    // Started trusting nothing: the root comes with a trust update, as a refreshed list does.
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [], maxWorkerMemoryBytes: BOUND });
    small = await makeImage('jpeg', 320, 240, 5);
    signed = (await pool.sign(small, 'image/jpeg', { creator: 'Ada' })).signedBytes;
  });
  afterAll(() => pool.close());

  it('keeps a worker whose memory stays under the bound', async () => {
    expect((await pool.verify(small, 'image/jpeg')).verification.status).toBe('unsigned');
    const { replaced, wasmMemoryBytes } = pool.workers();
    expect(replaced).toBe(0);
    expect(wasmMemoryBytes[0]).toBeGreaterThan(0);
    expect(wasmMemoryBytes[0]).toBeLessThan(BOUND);
  });

  it('replaces the worker after an unsigned 30 MB JPEG, which c2pa-wasm reads whole, and the new one trusts the lists in force', async () => {
    const large = new Uint8Array(30 * MB);
    large.set(small);
    expect((await pool.verify(large, 'image/jpeg')).verification.status).toBe('unsigned');
    // The worker that read it reported its memory past the bound; its successor is starting, under
    // the lists of then: the root comes while it starts, as a refreshed list may.
    expect(pool.workers().wasmMemoryBytes[0]).toBeGreaterThan(BOUND);
    await pool.updateTrust([rootPem]);

    // The old worker goes on working until its successor is ready (a liveness bound, not a measure).
    for (let waited = 0; pool.workers().replaced === 0 && waited < 30_000; waited += 100) {
      expect((await pool.verify(small, 'image/jpeg')).verification.status).toBe('unsigned');
      await new Promise((later) => setTimeout(later, 100));
    }
    const { replaced, wasmMemoryBytes } = pool.workers();
    expect(replaced).toBe(1);
    expect(wasmMemoryBytes[0]).toBeLessThan(BOUND);
    // The replacement judges by the root given while it started.
    expect((await pool.verify(signed, 'image/jpeg')).verification.status).toBe('verified');
    expect(pool.workers().wasmMemoryBytes[0]).toBeLessThan(BOUND);
  });
});
