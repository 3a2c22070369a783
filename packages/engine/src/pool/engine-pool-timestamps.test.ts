import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimestampError } from '../errors.ts';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

describe('engine pool timestamps', () => {
  let tsa: LocalTsa;
  let pool: EnginePool;
  let refusing: EnginePool;
  const carried: number[] = [];
  beforeAll(async () => {
    tsa = await startLocalTsa();
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-tsa-')), 'pki'));
    const signer = { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem };
    const trustAnchorPems = [pki.rootCertificatePem, { name: 'test TSA', tier: 'custom' as const, purpose: 'timestamps' as const, pems: [tsa.rootPem] }];
    pool = await createEnginePool({
      workers: 1,
      signer,
      trustAnchorPems,
      // The parent thread carries the worker's request: here a plain loopback POST.
      timestampTransport: async (request) => {
        carried.push(request.byteLength);
        const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
        return new Uint8Array(await response.arrayBuffer());
      },
    });
    refusing = await createEnginePool({
      workers: 1,
      signer,
      trustAnchorPems,
      timestampTransport: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      },
    });
  });
  afterAll(async () => {
    await Promise.all([pool?.close(), refusing?.close()]);
    await tsa?.close();
  });

  it('asks the parent to carry the worker’s timestamp request, and the report shows the trusted time', async () => {
    const signed = await pool.sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada' });
    expect(carried).toHaveLength(1);
    const report = await pool.verify(signed.signedBytes, 'image/jpeg');
    expect(report.verification.status).toBe('verified');
    expect(report.report.timestamp).toMatchObject({ authority: 'Test Time-Stamping Authority', trusted: true });
  });

  it('fails the signing with a TimestampError when the authority cannot be reached', async () => {
    const failure = await refusing.sign(await makeImage('jpeg'), 'image/jpeg', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimestampError);
    expect((failure as Error).message).toMatch(/time-stamping authority failed: connect ECONNREFUSED/);
  });
});
