// A file body of known length shared as it arrives (arriving): whoever reads it meanwhile (an
// engine worker, through the engine's filling source) gets exactly the file, the file is the same
// bytes for the request afterwards, and a body cut off, refused, too slow or discarded fails every
// read of it at once; the memory budget is what it is for any body. Once arrived, a body alone in
// shared memory may be hashed here for its reader; its own SHA-256 is computed only when asked.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { arrivingFile } from '@provenance/engine';
import { createArrivingMemory, type ArrivedFile } from '../services/verification/arriving/arriving-memory.ts';
import { describe, expect, it } from 'vitest';
import { createInflightBytes } from './inflight-bytes.ts';
import { createUploadReader } from './upload-reader.ts';
import type { UploadedFile } from './uploaded-file.ts';
import { createUploadSpool } from './upload-spool.ts';
import { requestBody } from './request-body.ts';

const budget = createInflightBytes(16 * 1024 * 1024);
const reader = createUploadReader({ budget, spool: createUploadSpool(mkdtempSync(path.join(tmpdir(), 'pg-upload-arriving-'))) });
const sharedMemory = createArrivingMemory({ deadlineMs: 300 });
const file = new Uint8Array(300_000).map((_, index) => (index * 31) % 251);

/** The body in chunks, `delayMs` apart; with `cutAt`, cut off there; with `length`, that Content-Length. */
function bodyRequest(bytes: Uint8Array, options: { chunk?: number; delayMs?: number; cutAt?: number; length?: number | null } = {}): Request {
  const { chunk = 32 * 1024, delayMs = 1, cutAt, length = bytes.byteLength } = options;
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (cutAt !== undefined && at >= cutAt) return controller.error(new Error('reset'));
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  const headers: Record<string, string> = { 'content-type': 'image/jpeg', ...(length !== null && { 'content-length': String(length) }) };
  return new Request('http://x/', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit);
}

const BOUNDARY = 'arriving-boundary';
function form(bytes: Uint8Array, fieldAfter?: string): Uint8Array {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const after = fieldAfter === undefined ? '' : `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${fieldAfter}`;
  return new Uint8Array(Buffer.concat([Buffer.from(head), bytes, Buffer.from(`${after}\r\n--${BOUNDARY}--\r\n`)]));
}
const formRequest = (body: Uint8Array) => {
  const request = bodyRequest(body);
  return new Request(request, { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.byteLength) } });
};

describe('readMultipart with arriving', () => {
  it('shares a form’s file when it is the last part: the reader gets exactly the file', async () => {
    let wholeRead: Promise<Uint8Array> | undefined;
    const { file: upload } = await reader.readMultipart(requestBody(formRequest(form(file))), {
      fileField: 'file',
      maxFileBytes: 1_000_000,
      arriving: sharedMemory.receiver((body) => {
        wholeRead = arrivingFile.fillingSource(body.shared).read(0, body.shared.size);
      }),
    });
    expect(Buffer.from((await wholeRead)!).equals(Buffer.from(file))).toBe(true);
    expect(upload!.byteLength).toBe(file.byteLength);
    expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
    await upload!.discard();
    expect(budget.held).toBe(0);
  });

  it('with a field after the file, the shared length is not the file’s and its reader fails; the file is whole', async () => {
    for (const note of ['x', 'y'.repeat(5000)]) {
      let shared = 0;
      let waiting: Promise<unknown> | undefined;
      const { file: upload, fields } = await reader.readMultipart(requestBody(formRequest(form(file, note))), {
        fileField: 'file',
        maxFileBytes: 1_000_000,
        arriving: sharedMemory.receiver((body) => {
          shared = body.shared.size;
          waiting = arrivingFile.fillingSource(body.shared).read(0, shared).then(() => 'read', (error: unknown) => error);
        }),
      });
      expect(fields.note).toBe(note);
      expect(shared).not.toBe(file.byteLength);
      // The reader either failed or read bytes that are not the whole file: the length tells them apart.
      expect(upload!.byteLength).toBe(file.byteLength);
      expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
      await upload!.discard();
      expect(await waiting).toBeDefined();
    }
    expect(budget.held).toBe(0);
  });
});

describe('readBody with arriving', () => {
  it('shares the body from its first chunk: the reader gets the whole file, and so does the request', async () => {
    const arrived: ArrivedFile[] = [];
    let wholeRead: Promise<Uint8Array> | undefined;
    const upload = await reader.readBody(requestBody(bodyRequest(file)), {
      maxFileBytes: 1_000_000,
      arriving: sharedMemory.receiver((body) => {
        arrived.push(body);
        // Read while it arrives, as an engine worker would.
        wholeRead = arrivingFile.fillingSource(body.shared).read(0, file.byteLength);
      }),
    });
    expect(arrived).toHaveLength(1);
    expect(Buffer.from(arrived[0]!.head).equals(Buffer.from(file.subarray(0, arrived[0]!.head.byteLength)))).toBe(true);
    expect(Buffer.from((await wholeRead)!).equals(Buffer.from(file))).toBe(true);
    expect(await upload!.sha256()).toBe(createHash('sha256').update(file).digest('hex'));
    expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
    expect(budget.held).toBe(file.byteLength);
    await upload!.discard();
    expect(budget.held).toBe(0);
    // Discarded: a reader still at work stops.
    await expect(arrivingFile.fillingSource(arrived[0]!.shared).read(0, 10)).rejects.toBeInstanceOf(arrivingFile.FillingFailedError);
  });

  it('places the shared file as its first chunk sits in memory, so that chunks copy in word by word', async () => {
    // Chunks cut from one buffer 3 bytes in, as a request's body follows its headers in a socket read.
    const memory = new Uint8Array(file.byteLength + 3);
    memory.set(file, 3);
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= file.byteLength) return controller.close();
        controller.enqueue(memory.subarray(3 + at, 3 + Math.min(file.byteLength, at + 64 * 1024)));
        at += 64 * 1024;
      },
    });
    const request = new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'image/jpeg', 'content-length': String(file.byteLength) }, duplex: 'half' } as RequestInit);
    let offset: number | undefined;
    let wholeRead: Promise<Uint8Array> | undefined;
    const upload = await reader.readBody(requestBody(request), {
      maxFileBytes: 1_000_000,
      arriving: sharedMemory.receiver((arriving) => {
        offset = arriving.shared.offset;
        wholeRead = arrivingFile.fillingSource(arriving.shared).read(0, file.byteLength);
      }),
    });
    expect(offset).toBe(3);
    expect(Buffer.from((await wholeRead)!).equals(Buffer.from(file))).toBe(true);
    expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
    await upload!.discard();
  });

  it('fails the reader at once when the body is cut off, and releases its memory', async () => {
    let waiting: Promise<unknown> | undefined;
    const reading = reader.readBody(requestBody(bodyRequest(file, { cutAt: 64 * 1024 })), {
      maxFileBytes: 1_000_000,
      arriving: sharedMemory.receiver((body) => {
        waiting = arrivingFile.fillingSource(body.shared).read(0, file.byteLength).then(() => 'read', (error: unknown) => error);
      }),
    });
    await expect(reading).rejects.toMatchObject({ status: 400, code: 'body_aborted' });
    expect(await waiting).toBeInstanceOf(arrivingFile.FillingFailedError);
    expect(budget.held).toBe(0);
  });

  it('fails the reader of a body slower than the deadline, and still gives the request its file', async () => {
    let waiting: Promise<unknown> | undefined;
    const upload = await reader.readBody(requestBody(bodyRequest(file, { chunk: 64 * 1024, delayMs: 100 })), {
      maxFileBytes: 1_000_000,
      arriving: sharedMemory.receiver((body) => {
        waiting = arrivingFile.fillingSource(body.shared).read(0, file.byteLength).then(() => 'read', (error: unknown) => error);
      }),
    });
    expect(await waiting).toBeInstanceOf(arrivingFile.FillingFailedError);
    expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
    await upload!.discard();
  });

  it('does not share a body without a Content-Length, or one spooled to disk', async () => {
    const calls: ArrivedFile[] = [];
    const onArrived = (body: ArrivedFile) => void calls.push(body);
    const unknown = await reader.readBody(requestBody(bodyRequest(file, { length: null })), { maxFileBytes: 1_000_000, arriving: sharedMemory.receiver(onArrived) });
    await unknown!.discard();
    const big = new Uint8Array(9 * 1024 * 1024);
    const spooled = await reader.readBody(requestBody(bodyRequest(big, { chunk: 1024 * 1024, delayMs: 0 })), { maxFileBytes: 10 * 1024 * 1024, arriving: sharedMemory.receiver(onArrived) });
    expect(await spooled!.spooled()).not.toBeNull();
    await spooled!.discard();
    expect(calls).toHaveLength(0);
    expect(budget.held).toBe(0);
  });
});

describe('the shared memory of bodies arriving', () => {
  // Room for two bodies of the file's class (300,000 bytes: 512 kB).
  const pool = arrivingFile.createFillingPool({ maxBytes: 1024 * 1024, maxFileBytes: 8 * 1024 * 1024 });
  const pooledReader = createUploadReader({ budget, spool: createUploadSpool(mkdtempSync(path.join(tmpdir(), 'pg-upload-pooled-'))) });
  const pooledMemory = createArrivingMemory({ pool });
  /** Reads a body, noting what it was shared as (null: not shared) and taking a task's hold on it when `hold` is set. */
  async function read(options: { hold?: boolean } = {}) {
    let arrived: ArrivedFile | null = null;
    let letGo = () => {};
    const upload = await pooledReader.readBody(requestBody(bodyRequest(file)), {
      maxFileBytes: 1_000_000,
      arriving: pooledMemory.receiver((body) => {
        arrived = body;
        if (options.hold) letGo = body.hold();
      }),
    });
    expect(Buffer.from(await upload!.withBytes(async (bytes) => bytes)).equals(Buffer.from(file))).toBe(true);
    expect(await upload!.sha256()).toBe(createHash('sha256').update(file).digest('hex'));
    return { upload: upload!, shared: (arrived as ArrivedFile | null)?.shared ?? null, letGo };
  }

  it('is reused from body to body, and not given to another while a task still holds it', async () => {
    const first = await read({ hold: true });
    await first.upload.discard();
    // The request is done but the task reading the first body has not settled: the next body gets other memory.
    const second = await read();
    expect(second.shared!.data).not.toBe(first.shared!.data);
    await second.upload.discard();
    first.letGo();
    const third = await read();
    expect([first.shared!.data, second.shared!.data]).toContain(third.shared!.data);
    await third.upload.discard();
    expect(pool.lentBytes).toBe(0);
    expect(budget.held).toBe(0);
  });

  it('past its bound, a body is read without sharing, whole and within the budget, and shared again once memory is back', async () => {
    const held = [await read(), await read()];
    expect(held.every(({ shared }) => shared !== null)).toBe(true);
    expect(pool.lentBytes).toBe(1024 * 1024);
    const unshared = await read();
    expect(unshared.shared).toBeNull();
    await unshared.upload.discard();
    for (const { upload } of held) await upload.discard();
    const again = await read();
    expect(again.shared).not.toBeNull();
    await again.upload.discard();
    expect(pool.lentBytes + pool.freeBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(budget.held).toBe(0);
  });

  it('hashes an arrived body for its reader only while no other body holds shared memory', async () => {
    const digest = (bytes: Uint8Array) => ({ from: 0, to: 1, digest: createHash('sha256').update(bytes.subarray(1)).digest() });
    const alone = await readArriving();
    expect(alone.body.offerDigest(digest)).toBe(true);
    expect(Buffer.from((await arrivingFile.fillingSource(alone.body.shared).excludedRangeDigest!(0, 1))!)).toEqual(digest(file).digest);
    await alone.upload.discard();
    // Two bodies in flight: this thread has the other's chunks to read, and its worker hashes each.
    const first = await readArriving();
    const second = await readArriving();
    expect(first.body.offerDigest(digest)).toBe(false);
    expect(second.body.offerDigest(digest)).toBe(false);
    expect(await arrivingFile.fillingSource(first.body.shared).excludedRangeDigest!(0, 1)).toBeNull();
    for (const { upload } of [first, second]) await upload.discard();
    expect(pool.lentBytes).toBe(0);
  });

  it('hashes an arrived body for its reader while another body’s memory is held only past its request (for its hash, by its task)', async () => {
    const digest = (bytes: Uint8Array) => ({ from: 0, to: 1, digest: createHash('sha256').update(bytes.subarray(1)).digest() });
    const first = await readArriving();
    const letGo = first.body.hold();
    await first.upload.discard();
    const second = await readArriving();
    expect(pool.lentBytes).toBe(1024 * 1024);
    expect(second.body.offerDigest(digest)).toBe(true);
    letGo();
    await second.upload.discard();
    expect(pool.lentBytes).toBe(0);
  });

  /** Reads a body shared as it arrives, and gives its arriving side. */
  async function readArriving(): Promise<{ upload: UploadedFile; body: ArrivedFile }> {
    let arrived: ArrivedFile | undefined;
    // Read as it arrives (as an engine worker would): hashed only when asked.
    const upload = await pooledReader.readBody(requestBody(bodyRequest(file)), {
      maxFileBytes: 1_000_000,
      arriving: pooledMemory.receiver((body) => {
        arrived = body;
        return true;
      }),
    });
    return { upload: upload!, body: arrived! };
  }

  it('hashes a shared body only when asked, keeping its memory from other bodies until hashed', async () => {
    const { upload } = await readArriving();
    const hashing = upload.sha256();
    await upload.discard();
    // The request is done with the bytes, but their hash is not: the memory is still this body's.
    expect(pool.lentBytes).toBe(512 * 1024);
    expect(await hashing).toBe(createHash('sha256').update(file).digest('hex'));
    expect(pool.lentBytes).toBe(0);
  });

  it('hashes a shared body nobody reads as it arrives (no worker was free) as it arrives, as any other', async () => {
    const upload = (await pooledReader.readBody(requestBody(bodyRequest(file)), { maxFileBytes: 1_000_000, arriving: pooledMemory.receiver(() => false) }))!;
    const hashing = upload.sha256();
    await upload.discard();
    expect(pool.lentBytes).toBe(0);
    expect(await hashing).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('refuses to hash a shared body first asked once its memory went back (it may hold another body)', async () => {
    const { upload } = await readArriving();
    await upload.discard();
    expect(pool.lentBytes).toBe(0);
    await expect(upload.sha256()).rejects.toThrow(/released/);
  });

  it('a body cut off gives its memory back once its reader let go', async () => {
    let letGo = () => {};
    await expect(
      pooledReader.readBody(requestBody(bodyRequest(file, { cutAt: 64 * 1024 })), {
        maxFileBytes: 1_000_000,
        arriving: pooledMemory.receiver((body) => {
          letGo = body.hold();
        }),
      }),
    ).rejects.toMatchObject({ code: 'body_aborted' });
    expect(pool.lentBytes).toBe(512 * 1024);
    letGo();
    expect(pool.lentBytes).toBe(0);
  });
});
