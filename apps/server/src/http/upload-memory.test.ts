// The upload reader within the server's memory budget: small bodies reserve memory (503 with
// Retry-After when it is full, after reading the body to its end), large ones are spooled to disk,
// read back only when the budget has room, and every spool file is removed, also on failures.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createInflightBytes, type InflightBytes } from './inflight-bytes.ts';
import { createUploadReader } from './upload-reader.ts';
import { createUploadSpool } from './upload-spool.ts';
import { requestBody } from './request-body.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const SPOOL_ABOVE = 64 * 1024;

function setup(budgetBytes = 1024 * 1024, readBackWaitMs = 5_000) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-upload-memory-'));
  const budget = createInflightBytes(budgetBytes);
  const reader = createUploadReader({ budget, spool: createUploadSpool(dir), spoolAboveBytes: SPOOL_ABOVE, readBackWaitMs });
  return { dir, budget, reader, spooled: () => readdirSync(dir) };
}

/** A streamed body that records how much of it the reader pulled; a Content-Length when asked. */
function streamedBody(bytes: Uint8Array, options: { contentType: string; declareLength: boolean; chunkBytes?: number; failAfter?: number }) {
  const chunkBytes = options.chunkBytes ?? 16 * 1024;
  const progress = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAfter !== undefined && progress.pulled >= options.failAfter) return controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      if (progress.pulled >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(progress.pulled, progress.pulled + chunkBytes));
      progress.pulled = Math.min(bytes.byteLength, progress.pulled + chunkBytes);
    },
  });
  const headers: Record<string, string> = { 'content-type': options.contentType };
  if (options.declareLength) headers['content-length'] = String(bytes.byteLength);
  return { request: new Request('http://x/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit), progress };
}

const BOUNDARY = 'memory-test-boundary';
function multipartBytes(file: Uint8Array): Uint8Array {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (failure: unknown) => failure);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const fill = (budget: InflightBytes) => expect(budget.tryReserve(budget.limit - budget.held)).toBe(true);

describe('uploads within the memory budget', () => {
  it('holds a small body in memory against the budget until it is discarded', async () => {
    const { budget, reader, spooled } = setup();
    const bytes = new Uint8Array(randomBytes(10_000));
    const file = await reader.readBody(requestBody(streamedBody(bytes, { contentType: 'image/png', declareLength: true }).request), { maxFileBytes: 1024 * 1024 });
    expect(budget.held).toBe(10_000);
    expect(spooled()).toEqual([]);
    expect(await file!.withBytes(async (held) => sha256(held))).toBe(sha256(bytes));
    await file!.discard();
    expect(budget.held).toBe(0);
  });

  it('answers 503 with Retry-After when the budget cannot take a body, after reading the body to its end', async () => {
    const { budget, reader } = setup();
    fill(budget);
    const bytes = new Uint8Array(randomBytes(40_000));
    const form = streamedBody(multipartBytes(bytes), { contentType: `multipart/form-data; boundary=${BOUNDARY}`, declareLength: true });
    const refused = await caught(reader.readMultipart(requestBody(form.request), { fileField: 'file', maxFileBytes: 1024 * 1024 }));
    expect(refused).toMatchObject({ status: 503, code: 'server_busy' });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(form.progress.pulled).toBe(multipartBytes(bytes).byteLength);

    const body = streamedBody(bytes, { contentType: 'image/png', declareLength: false });
    expect(await caught(reader.readBody(requestBody(body.request), { maxFileBytes: 1024 * 1024 }))).toMatchObject({ status: 503, code: 'server_busy' });
    expect(body.progress.pulled).toBe(bytes.byteLength);
    expect(budget.held).toBe(budget.limit);
  });

  it('spools a body with a large Content-Length to disk, hashing it as it streams, and holds no memory for it', async () => {
    const { budget, reader, spooled } = setup();
    const bytes = new Uint8Array(randomBytes(300 * 1024));
    const { file } = await reader.readMultipart(requestBody(streamedBody(multipartBytes(bytes), { contentType: `multipart/form-data; boundary=${BOUNDARY}`, declareLength: true }).request), { fileField: 'file', maxFileBytes: 1024 * 1024 });
    expect(await file!.sha256()).toBe(sha256(bytes));
    expect(spooled()).toHaveLength(1);
    expect(budget.held).toBe(0);
    const heldWhileUsed = await file!.withBytes(async (held) => {
      expect(Buffer.from(held).equals(Buffer.from(bytes))).toBe(true);
      return budget.held;
    });
    expect(heldWhileUsed).toBe(bytes.byteLength);
    expect(budget.held).toBe(0);
    await file!.discard();
    expect(spooled()).toEqual([]);
  });

  it('moves a body of unknown length to disk once it grows past the threshold, releasing its memory', async () => {
    const { budget, reader, spooled } = setup();
    const bytes = new Uint8Array(randomBytes(200 * 1024));
    const file = await reader.readBody(requestBody(streamedBody(bytes, { contentType: 'image/png', declareLength: false }).request), { maxFileBytes: 1024 * 1024 });
    expect(spooled()).toHaveLength(1);
    expect(budget.held).toBe(0);
    expect(await file!.sha256()).toBe(sha256(bytes));
    expect(await file!.withBytes(async (held) => sha256(held))).toBe(sha256(bytes));
    await file!.discard();
    expect(spooled()).toEqual([]);
  });

  it('reads a spooled file back only when the budget has room, and answers 503 when it gets none in time', async () => {
    const { budget, reader } = setup(256 * 1024, 50);
    const bytes = new Uint8Array(randomBytes(200 * 1024));
    const file = (await reader.readBody(requestBody(streamedBody(bytes, { contentType: 'image/png', declareLength: true }).request), { maxFileBytes: 1024 * 1024 }))!;
    expect(budget.tryReserve(100 * 1024)).toBe(true);
    expect(await caught(file.withBytes(async () => 'used'))).toMatchObject({ status: 503, code: 'server_busy' });

    const waiting = file.withBytes(async (held) => held.byteLength);
    budget.release(100 * 1024);
    expect(await waiting).toBe(bytes.byteLength);
    expect(budget.held).toBe(0);
    await file.discard();
  });

  it('removes the spool file and releases memory when an upload fails: over the limit, or cut off by the client', async () => {
    const { budget, reader, spooled } = setup();
    const big = new Uint8Array(randomBytes(300 * 1024));
    const over = streamedBody(multipartBytes(big), { contentType: `multipart/form-data; boundary=${BOUNDARY}`, declareLength: true });
    expect(await caught(reader.readMultipart(requestBody(over.request), { fileField: 'file', maxFileBytes: 200 * 1024 }))).toMatchObject({ status: 413 });
    const cut = streamedBody(big, { contentType: 'image/png', declareLength: false, failAfter: 150 * 1024 });
    expect(await caught(reader.readBody(requestBody(cut.request), { maxFileBytes: 1024 * 1024 }))).toMatchObject({ status: 400, code: 'body_aborted' });
    const cutForm = streamedBody(multipartBytes(big), { contentType: `multipart/form-data; boundary=${BOUNDARY}`, declareLength: true, failAfter: 100 * 1024 });
    expect(await caught(reader.readMultipart(requestBody(cutForm.request), { fileField: 'file', maxFileBytes: 1024 * 1024 }))).toMatchObject({ status: 400, code: 'body_aborted' });
    const cutSmall = streamedBody(big.subarray(0, 40_000), { contentType: 'image/png', declareLength: true, failAfter: 16 * 1024 });
    expect(await caught(reader.readBody(requestBody(cutSmall.request), { maxFileBytes: 1024 * 1024 }))).toMatchObject({ status: 400, code: 'body_aborted' });
    expect(spooled()).toEqual([]);
    expect(budget.held).toBe(0);
  });

  it('reserves a body\'s memory as it arrives, and moves a body still arriving after the slow-body time to disk', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-upload-memory-'));
    const budget = createInflightBytes(1024 * 1024);
    const reader = createUploadReader({ budget, spool: createUploadSpool(dir), spoolAboveBytes: SPOOL_ABOVE, slowBodyMs: 200 });
    const bytes = new Uint8Array(randomBytes(48 * 1024));
    // The first half now, the rest once the body has been moved.
    let sent = 0;
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === bytes.byteLength / 2) await resumed;
        if (sent >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(sent, sent + 8 * 1024));
        sent += 8 * 1024;
      },
    });
    const request = new Request('http://x/', { method: 'POST', body, headers: { 'content-type': 'image/png', 'content-length': String(bytes.byteLength) }, duplex: 'half' } as RequestInit);
    const reading = reader.readBody(requestBody(request), { maxFileBytes: 1024 * 1024 });
    await new Promise((settled) => setTimeout(settled, 50));
    expect(budget.held).toBe(bytes.byteLength / 2);
    await new Promise((settled) => setTimeout(settled, 400));
    expect(budget.held).toBe(0);
    expect(readdirSync(dir)).toHaveLength(1);
    resume();
    const file = (await reading)!;
    expect(await file.sha256()).toBe(sha256(bytes));
    expect(await file.withBytes(async (held) => sha256(held))).toBe(sha256(bytes));
    await file.discard();
    expect(readdirSync(dir)).toEqual([]);
    expect(budget.held).toBe(0);
  });

  it('clears spool files a previous run left behind', async () => {
    const { dir, spooled } = setup();
    writeFileSync(path.join(dir, 'left-by-a-crash.upload'), 'stale');
    await createUploadSpool(dir).clearStale();
    expect(spooled()).toEqual([]);
  });
});

describe('the in-flight byte budget', () => {
  it('serves waiters in order and refuses what can never fit', async () => {
    const budget = createInflightBytes(100);
    expect(budget.tryReserve(80)).toBe(true);
    const first = budget.reserve(50, 5_000);
    const second = budget.reserve(10, 5_000);
    // A waiter is ahead: a small reservation does not jump the queue.
    expect(budget.tryReserve(10)).toBe(false);
    budget.release(80);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    expect(budget.held).toBe(60);
    expect(await budget.reserve(101, 5_000)).toBe(false);
  });
});
