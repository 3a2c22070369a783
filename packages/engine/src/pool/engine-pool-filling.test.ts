// A pool verifies a file still arriving: the worker reads it from shared memory as the bytes are
// written, and the answer is the one it gives for the same bytes whole. A file that stops arriving
// fails its task at once, and the pool goes on. A digest this thread offers changes no verdict.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegSegmentsExcludedDigest } from '../containers/jpeg-hard-binding.ts';
import { createFillingWriter, type FillingWriter } from '../filling-source.ts';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';
import { withoutValidationTime } from '../testing/validation-time.ts';

/** Writes `bytes` in chunks, one per turn of the event loop, as a socket would. */
async function trickle(writer: FillingWriter, bytes: Uint8Array, chunk: number, stopAt = bytes.byteLength): Promise<void> {
  for (let at = 0; at < stopAt; at += chunk) {
    await new Promise((resolve) => setImmediate(resolve));
    writer.write(bytes.subarray(at, Math.min(stopAt, at + chunk)));
  }
}

describe('engine pool: verifying a file as it arrives', () => {
  let pool: EnginePool;
  let signed: Uint8Array;
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-filling-')), 'pki'));
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
    signed = (await pool.sign(await makeImage('jpeg', 800, 600), 'image/jpeg', { creator: 'Ada' })).signedBytes;
  });
  afterAll(() => pool.close());

  it('gives the verification the pool gives for the whole bytes, and leaves the bytes readable here', async () => {
    expect(pool.idle()).toBe(1);
    const writer = createFillingWriter(signed.byteLength);
    const verifying = pool.verify({ filling: writer.shared }, 'image/jpeg', { thumbnails: true, answer: 'serialized' });
    expect(pool.idle()).toBe(0);
    await trickle(writer, signed, 16 * 1024);
    const streamed = await verifying;
    expect(withoutValidationTime(streamed)).toEqual(withoutValidationTime(await pool.verify(signed, 'image/jpeg', { thumbnails: true, answer: 'serialized' })));
    expect(streamed.status).toBe('verified');
    expect(Buffer.from(signed).equals(writer.bytes)).toBe(true);
    expect(pool.idle()).toBe(1);
  });

  it('fails the task at once when the file stops arriving, and goes on working', async () => {
    const writer = createFillingWriter(signed.byteLength);
    const verifying = pool.verify({ filling: writer.shared }, 'image/jpeg', { answer: 'serialized' });
    await trickle(writer, signed, 16 * 1024, 40 * 1024);
    writer.fail();
    await expect(verifying).rejects.toThrow(/stopped arriving/);
    expect((await pool.verify(signed, 'image/jpeg', { answer: 'serialized' })).status).toBe('verified');
  });

  it('a task waiting for the worker fails as soon as it starts when its file failed meanwhile', async () => {
    const first = createFillingWriter(signed.byteLength);
    const second = createFillingWriter(signed.byteLength);
    const running = pool.verify({ filling: first.shared }, 'image/jpeg', { answer: 'serialized' });
    const waiting = pool.verify({ filling: second.shared }, 'image/jpeg', { answer: 'serialized' });
    second.fail();
    await trickle(first, signed, 64 * 1024);
    expect((await running).status).toBe('verified');
    await expect(waiting).rejects.toThrow(/stopped arriving/);
  });

  it('takes or leaves the digest this thread offers while it validates, and its verdict is the same either way', async () => {
    const changed = signed.slice();
    changed[changed.byteLength - 100]! ^= 0xff;
    for (const [bytes, status] of [[signed, 'verified'], [changed, 'invalid']] as const) {
      for (let round = 0; round < 3; round += 1) {
        const writer = createFillingWriter(bytes.byteLength);
        const verifying = pool.verify({ filling: writer.shared }, 'image/jpeg', { answer: 'serialized' });
        await trickle(writer, bytes, 64 * 1024);
        // Offered as the server does once the file has arrived; the worker may have begun hashing it already.
        writer.offerDigest(jpegSegmentsExcludedDigest);
        const streamed = await verifying;
        expect(withoutValidationTime(streamed)).toEqual(withoutValidationTime(await pool.verify(bytes, 'image/jpeg', { answer: 'serialized' })));
        expect(streamed.status).toBe(status);
      }
    }
  });
});
