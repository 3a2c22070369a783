// The filling pool lends shared memory to files arriving and takes it back only once every holder
// let go (the request and each task reading it), so a buffer is reused rather than allocated per
// file, never lent to two files at once, never given to a new file while a task still reads it, and
// the memory lent stays within the pool's bound (a file it cannot take gets null: no sharing).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFillingPool, fillingSource } from './filling-source.ts';
import { ensureLocalPki } from './pki/local-pki.ts';
import { createEnginePool, type EnginePool } from './pool/engine-pool.ts';
import { makeImage } from './testing/make-assets.ts';
import { withoutValidationTime } from './testing/validation-time.ts';

const KB = 1024;
const MB = 1024 * KB;

describe('filling pool', () => {
  it('lends the same buffer again once it is released, with its words reset for the new file', async () => {
    const pool = createFillingPool({ maxBytes: 8 * MB, maxFileBytes: 4 * MB });
    const first = pool.lend(100_000)!;
    first.write(new Uint8Array(100_000).fill(7));
    first.fail();
    first.release();
    expect(pool.freeBytes).toBe(128 * KB);
    const second = pool.lend(90_000)!;
    expect(second.shared.data).toBe(first.shared.data);
    expect(second.shared.control).toBe(first.shared.control);
    expect(second.shared.size).toBe(90_000);
    expect(second.bytes.byteLength).toBe(90_000);
    expect(second.failed).toBe(false);
    expect(pool.lentBytes).toBe(128 * KB);
    // The new file reads as its own: nothing has arrived, then exactly what was written.
    const reading = fillingSource(second.shared).read(0, 90_000);
    second.write(new Uint8Array(90_000).fill(9));
    expect((await reading).every((byte) => byte === 9)).toBe(true);
    // A reader of the last file (its task settled, a read left over) fails rather than read this one.
    await expect(fillingSource(first.shared).read(0, 10)).rejects.toThrow(/another file/);
  });

  it('places a file at the alignment asked, where its reader and its writer both find it', async () => {
    const pool = createFillingPool({ maxBytes: 8 * MB, maxFileBytes: 4 * MB });
    const file = new Uint8Array(100_000).map((_, index) => index % 251);
    const writer = pool.lend(file.byteLength, 13)!;
    expect(writer.shared.offset).toBe(5);
    expect(writer.bytes.byteOffset).toBe(5);
    // Chunks that sit in memory as the file does, and one that does not.
    const memory = new Uint8Array(file.byteLength + 5);
    memory.set(file, 5);
    const chunks = [memory.subarray(5, 40_005), file.subarray(40_000, 40_003), memory.subarray(40_008, file.byteLength + 5)];
    const reading = fillingSource(writer.shared).read(0, file.byteLength);
    for (const chunk of chunks) expect(writer.write(chunk)).toBe(true);
    expect(Buffer.from(await reading).equals(Buffer.from(file))).toBe(true);
    expect(Buffer.from(writer.bytes).equals(Buffer.from(file))).toBe(true);
    writer.release();
    // A file that fills its class to the last bytes is placed at the start rather than in a larger class.
    const full = pool.lend(4 * MB, 3)!;
    expect(full.shared.offset).toBe(0);
    expect(full.bytes.byteLength).toBe(4 * MB);
  });

  it('never lends a buffer twice at once: files lent together have buffers of their own', () => {
    const pool = createFillingPool({ maxBytes: 16 * MB, maxFileBytes: 4 * MB });
    const lent = Array.from({ length: 6 }, () => pool.lend(2 * MB - 1000)!);
    expect(new Set(lent.map((writer) => writer.shared.data)).size).toBe(6);
    lent[2]!.release();
    const next = pool.lend(2 * MB)!;
    expect(next.shared.data).toBe(lent[2]!.shared.data);
    expect(new Set([...lent.filter((_, index) => index !== 2), next].map((writer) => writer.shared.data)).size).toBe(6);
  });

  it('keeps a buffer from the next file while a holder (a task reading it) has not let go', () => {
    const pool = createFillingPool({ maxBytes: 8 * MB, maxFileBytes: 4 * MB });
    const writer = pool.lend(1 * MB)!;
    const letGo = writer.hold();
    writer.release();
    expect(writer.failed).toBe(true);
    expect(pool.lentBytes).toBe(1 * MB);
    const other = pool.lend(1 * MB)!;
    expect(other.shared.data).not.toBe(writer.shared.data);
    letGo();
    letGo();
    expect(pool.lentBytes).toBe(1 * MB);
    expect(pool.lend(1 * MB)!.shared.data).toBe(writer.shared.data);
  });

  it('honours its bound: a file it cannot take gets null, free buffers of other sizes make room', () => {
    const pool = createFillingPool({ maxBytes: 4 * MB, maxFileBytes: 4 * MB });
    expect(pool.lend(5 * MB)).toBeNull();
    expect(pool.lend(0)).toBeNull();
    const a = pool.lend(2 * MB)!;
    const b = pool.lend(1 * MB)!;
    const c = pool.lend(1 * MB)!;
    expect(pool.lentBytes).toBe(4 * MB);
    expect(pool.lend(64 * KB)).toBeNull();
    a.release();
    b.release();
    c.release();
    expect(pool.freeBytes).toBe(4 * MB);
    // 4 MB wanted: the free buffers are dropped to make room, and the pool stays within its bound.
    const d = pool.lend(3 * MB)!;
    expect(d).not.toBeNull();
    expect(pool.lentBytes + pool.freeBytes).toBeLessThanOrEqual(4 * MB);
    expect(pool.lend(64 * KB)).toBeNull();
  });
});

describe('filling pool with an engine worker reading', () => {
  let engine: EnginePool;
  let signed: Uint8Array;
  beforeAll(async () => {
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-filling-pool-')), 'pki'));
    engine = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
    signed = (await engine.sign(await makeImage('jpeg', 640, 480), 'image/jpeg', { creator: 'Ada' })).signedBytes;
  });
  afterAll(() => engine.close());

  it('gives the buffer back only after the task on a failed file has settled, and verifies the next file in it', async () => {
    const pool = createFillingPool({ maxBytes: 2 * MB, maxFileBytes: 1 * MB });
    const writer = pool.lend(signed.byteLength)!;
    const letGo = writer.hold();
    const task = engine.verify({ filling: writer.shared }, 'image/jpeg', { answer: 'serialized' }).finally(letGo);
    writer.write(signed.subarray(0, 20 * KB));
    // The request is done (cut off): the task is failed but may still be running.
    writer.release();
    expect(pool.lentBytes).toBeGreaterThan(0);
    expect(pool.freeBytes).toBe(0);
    await expect(task).rejects.toThrow(/stopped arriving/);
    expect(pool.lentBytes).toBe(0);
    // The next file placed 6 bytes into the same buffer: the worker reads it from there.
    const next = pool.lend(signed.byteLength, 6)!;
    expect(next.shared.data).toBe(writer.shared.data);
    expect(next.shared.offset).toBe(6);
    const verifying = engine.verify({ filling: next.shared }, 'image/jpeg', { answer: 'serialized' });
    for (let at = 0; at < signed.byteLength; at += 32 * KB) {
      await new Promise((resolve) => setImmediate(resolve));
      next.write(signed.subarray(at, at + 32 * KB));
    }
    expect(withoutValidationTime(await verifying)).toEqual(withoutValidationTime(await engine.verify(signed, 'image/jpeg', { answer: 'serialized' })));
  });
});
