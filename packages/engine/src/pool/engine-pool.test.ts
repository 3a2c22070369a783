import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProvenanceError } from '../errors.ts';
import { ensureLocalPki } from '../pki/local-pki.ts';
import type { VerifyResponse } from '../report/verification-report.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, EngineBusyError, type EnginePool } from './engine-pool.ts';

describe('engine pool', () => {
  let pool: EnginePool;
  let rootPem: string;
  let signer: { privateKeyPem: string; certificateChainPem: string };
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-')), 'pki'));
    rootPem = pki.rootCertificatePem;
    signer = { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem };
    pool = await createEnginePool({ workers: 2, maxQueue: 2, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
  });
  afterAll(async () => pool.close());

  it('signs and verifies in worker threads, with the same results as the engine', async () => {
    const signed = await pool.sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada', aiAssisted: true });
    expect(signed.manifestId).toMatch(/^urn:c2pa:/);
    const report = await pool.verify(signed.signedBytes, 'image/jpeg');
    expect(report.verification.status).toBe('verified');
    expect(report.verification.credentials.creator).toBe('Ada');
    const serialized = await pool.verify(signed.signedBytes, 'image/jpeg', { answer: 'serialized' });
    // The same verdict; the serialized one, an answer, also says what it was made under.
    const { verification: { evidence, ...verification }, ...answer } = JSON.parse(serialized.json) as VerifyResponse;
    expect(evidence?.trustSnapshot?.id).toMatch(/^[0-9a-f]{64}$/);
    expect({ ...answer, verification }).toEqual(report);
    expect(serialized).toMatchObject({ status: 'verified', reason: report.report.reason, manifestId: signed.manifestId });
  });

  it('brings typed engine errors back across the thread boundary', async () => {
    await expect(pool.verify(new TextEncoder().encode('hello'), 'text/plain')).rejects.toMatchObject({ code: 'unsupported_format' });
    const malformed = await pool.verify(new Uint8Array(512).fill(7), 'video/mp4').catch((error: unknown) => error);
    expect(malformed).toBeInstanceOf(ProvenanceError);
    expect((malformed as ProvenanceError).message).toMatch(/could not be read/);
  });

  it('refuses at once, with a retry hint, when every worker is busy and the queue is full', async () => {
    const image = await makeImage('png', 600, 400);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => pool.sign(image, 'image/png', { creator: 'Load', aiAssisted: true })));
    const refused = results.filter((result) => result.status === 'rejected');
    const done = results.filter((result) => result.status === 'fulfilled');
    // Two workers busy plus two queued: the other four are refused, not queued without bound.
    expect(done).toHaveLength(4);
    expect(refused).toHaveLength(4);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(EngineBusyError);
    expect(((refused[0] as PromiseRejectedResult).reason as EngineBusyError).retryAfterSeconds).toBeGreaterThan(0);
    expect(pool.pending()).toBe(0);
  });

  it('runs the tasks of callers within their share before those of callers over it, who get only half the queue and half the workers', async () => {
    const single = await createEnginePool({ workers: 1, maxQueue: 4, signer, trustAnchorPems: [rootPem] });
    try {
      const image = await makeImage('jpeg', 320, 240);
      const busy = single.sign(await makeImage('png', 900, 700), 'image/png', { creator: 'Busy', aiAssisted: true });
      const finished: string[] = [];
      const track = (name: string, task: Promise<unknown>) => task.then(() => finished.push(name));
      const over = [track('over 1', single.verify(image, 'image/jpeg', { answer: 'serialized' }, { overShare: true })), track('over 2', single.verify(image, 'image/jpeg', { answer: 'serialized' }, { overShare: true }))];
      // Half the queue (2 of 4) is all a caller over its share may fill; the rest stays for the others.
      await expect(single.verify(image, 'image/jpeg', { answer: 'serialized' }, { overShare: true })).rejects.toBeInstanceOf(EngineBusyError);
      const within = track('within', single.verify(image, 'image/jpeg', { answer: 'serialized' }));
      await Promise.all([busy, ...over, within]);
      expect(finished).toEqual(['within', 'over 1', 'over 2']);
    } finally {
      await single.close();
    }
    // Of two workers, tasks over share take one: the other stays free for the others' tasks.
    const pair = await createEnginePool({ workers: 2, maxQueue: 4, signer, trustAnchorPems: [rootPem] });
    try {
      const image = await makeImage('png', 900, 700);
      const over = [1, 2].map(() => pair.verify(image, 'image/png', { answer: 'serialized' }, { overShare: true }));
      expect(pair.idle()).toBe(1);
      await Promise.all(over);
    } finally {
      await pair.close();
    }
  });

  it('gives every worker a new trust store: verdicts follow it, busy workers included', async () => {
    const signed = await pool.sign(await makeImage('jpeg', 96, 64), 'image/jpeg', { creator: 'Ada', aiAssisted: true });
    const statuses = async () => (await Promise.all([pool.verify(signed.signedBytes, 'image/jpeg'), pool.verify(signed.signedBytes, 'image/jpeg')])).map((report) => report.verification.status);
    await pool.updateTrust([]);
    expect(await statuses()).toEqual(['partial', 'partial']);
    await pool.updateTrust([{ name: 'newsroom', tier: 'custom', pems: [rootPem] }]);
    const again = await Promise.all([pool.verify(signed.signedBytes, 'image/jpeg'), pool.verify(signed.signedBytes, 'image/jpeg')]);
    expect(again.map((report) => [report.verification.status, report.verification.trust.list])).toEqual([
      ['verified', 'newsroom'],
      ['verified', 'newsroom'],
    ]);
  });
});
