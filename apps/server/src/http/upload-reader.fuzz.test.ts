// Property-based fuzzing of the upload reader: random multipart bodies (random boundaries, parts,
// truncations, oversized files and fields, garbage) and raw file bodies, sent in random chunks. The
// reader must either return a file (whose hash matches its bytes) or throw a 4xx ApiError; never
// crash, hang, or leave memory reserved or a spool file behind. FUZZ_RUNS sets the number of runs.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createInflightBytes } from './inflight-bytes.ts';
import { createUploadReader } from './upload-reader.ts';
import type { UploadedFile } from './uploaded-file.ts';
import { createUploadSpool } from './upload-spool.ts';
import { requestBody } from './request-body.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const MAX_FILE_BYTES = 4096;
// Small thresholds so fuzzed bodies cross them: spooling above 1 KB, a 16 KB budget.
const spoolDir = mkdtempSync(path.join(tmpdir(), 'pg-upload-fuzz-'));
const budget = createInflightBytes(16 * 1024);
const reader = createUploadReader({ budget, spool: createUploadSpool(spoolDir), spoolAboveBytes: 1024, readBackWaitMs: 1_000 });

const bytes = (maxLength: number) => fc.uint8Array({ maxLength });
const token = fc.stringMatching(/^[A-Za-z0-9'()+_,.\-/:=? ]{1,70}$/);

/** One part of a form: a file or a text field, under a chosen or random name, sometimes with broken headers. */
const part = fc.record({
  name: fc.oneof(fc.constant('file'), fc.constant('metadata'), fc.string({ maxLength: 12 })),
  fileName: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  content: fc.oneof(bytes(64), bytes(MAX_FILE_BYTES + 64), fc.constant(new Uint8Array(MAX_FILE_BYTES)), fc.constant(new Uint8Array(MAX_FILE_BYTES + 1))),
  brokenHeader: fc.boolean(),
});

const multipartBody = fc
  .record({
    boundary: token,
    parts: fc.array(part, { maxLength: 5 }),
    closed: fc.boolean(),
    garbageBefore: bytes(32),
    cutAt: fc.option(fc.nat(), { nil: undefined }),
  })
  .map(({ boundary, parts, closed, garbageBefore, cutAt }) => {
    const pieces: Buffer[] = [Buffer.from(garbageBefore)];
    for (const { name, fileName, content, brokenHeader } of parts) {
      const disposition = `form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}`;
      pieces.push(Buffer.from(`--${boundary}\r\n${brokenHeader ? 'Content-Disposition ' : 'Content-Disposition: '}${disposition}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n'));
    }
    if (closed) pieces.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(pieces);
    return { boundary, body: cutAt === undefined ? body : body.subarray(0, cutAt % (body.byteLength + 1)) };
  });

const contentType = (boundary: string) => fc.oneof(fc.constant(`multipart/form-data; boundary=${boundary}`), fc.constant(`multipart/form-data; boundary="${boundary}"`), fc.constant('multipart/form-data'), fc.string({ maxLength: 40 }));

function streamed(body: Uint8Array, chunkBytes: number, headers: Record<string, string>, abortAt?: number): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (abortAt !== undefined && offset >= abortAt) return controller.error(new Error('aborted'));
      if (offset >= body.byteLength) return controller.close();
      controller.enqueue(body.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, headers, duplex: 'half' } as RequestInit);
}

/** A returned file must hash to its bytes; a refusal must be a 4xx or a 503 ApiError. */
async function settle(reading: Promise<UploadedFile | null>): Promise<void> {
  let file: UploadedFile | null;
  try {
    file = await reading;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const status = (error as ApiError).status;
    expect(status === 503 || (status >= 400 && status < 500), `status ${status}`).toBe(true);
    return;
  }
  if (!file) return;
  try {
    const held = await file.withBytes(async (bytes) => bytes);
    expect(held.byteLength).toBe(file.byteLength);
    expect(createHash('sha256').update(held).digest('hex')).toBe(await file.sha256());
    expect(file.byteLength).toBeLessThanOrEqual(MAX_FILE_BYTES);
  } finally {
    await file.discard();
  }
}

const afterEachRun = () => {
  expect(budget.held).toBe(0);
  expect(readdirSync(spoolDir)).toEqual([]);
};

describe('upload reader fuzzing', () => {
  it('reads any multipart body into a file or a 4xx, with nothing left behind', async () => {
    await fc.assert(
      fc.asyncProperty(
        multipartBody.chain((form) => fc.tuple(fc.constant(form), contentType(form.boundary), fc.integer({ min: 1, max: 2048 }), fc.boolean(), fc.option(fc.nat(), { nil: undefined }))),
        async ([form, type, chunkBytes, declareLength, abortAt]) => {
          const headers: Record<string, string> = { 'content-type': type };
          if (declareLength) headers['content-length'] = String(form.body.byteLength);
          const request = streamed(form.body, chunkBytes, headers, abortAt === undefined ? undefined : abortAt % (form.body.byteLength + 1));
          await settle(reader.readMultipart(requestBody(request), { fileField: 'file', maxFileBytes: MAX_FILE_BYTES, maxFieldBytes: 256 }).then((upload) => upload.file));
          afterEachRun();
        },
      ),
      { numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);

  it('reads any raw file body into a file or a 4xx, with nothing left behind', async () => {
    await fc.assert(
      fc.asyncProperty(bytes(3 * MAX_FILE_BYTES), fc.integer({ min: 1, max: 4096 }), fc.boolean(), fc.option(fc.nat(), { nil: undefined }), async (body, chunkBytes, declareLength, abortAt) => {
        const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
        if (declareLength) headers['content-length'] = String(body.byteLength);
        await settle(reader.readBody(requestBody(streamed(body, chunkBytes, headers, abortAt === undefined ? undefined : abortAt % (body.byteLength + 1))), { maxFileBytes: MAX_FILE_BYTES }));
        afterEachRun();
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
  }, 120_000);
});
