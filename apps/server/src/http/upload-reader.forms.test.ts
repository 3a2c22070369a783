// A form read by the upload reader gives what its parser (@fastify/busboy) alone gives: the same file
// bytes, fields and refusals, for forms made of the delimiter's own pieces and parts after the
// closing delimiter, cut in chunks of any size. (busboy 1.6 hung on some of these for ever.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createInflightBytes } from './inflight-bytes.ts';
import { requestBody } from './request-body.ts';
import { createUploadReader } from './upload-reader.ts';
import { createUploadSpool } from './upload-spool.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const reader = createUploadReader({ budget: createInflightBytes(64 * 1024 * 1024), spool: createUploadSpool(mkdtempSync(path.join(tmpdir(), 'pg-upload-forms-'))) });

type Reading = { file: string | null; fields: Record<string, string> } | 'refused';

/** The body cut in chunks of the given sizes, taken in turn. */
function cut(body: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0, turn = 0; offset < body.byteLength; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    chunks.push(body.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

/** The body in those chunks, each in a turn of the event loop of its own as from a socket. */
function chunked(body: Buffer, sizes: number[], contentType: string): Request {
  const chunks = cut(body, sizes);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((arrived) => setImmediate(arrived));
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(Buffer.from(chunk));
      else controller.close();
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
}

async function readWithReader(body: Buffer, sizes: number[], contentType: string, maxFileBytes: number): Promise<Reading> {
  try {
    const { file, fields } = await reader.readMultipart(requestBody(chunked(body, sizes, contentType)), { fileField: 'file', maxFileBytes });
    const bytes = file ? await file.withBytes(async (held) => Buffer.from(held).toString('latin1')) : null;
    await file?.discard();
    return { file: bytes, fields };
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return 'refused';
  }
}

/**
 * The same form through busboy alone, in the same chunks (busboy's reading of a malformed form may
 * depend on where its chunks end), read as the reader reads it: the first file of "file", every field.
 */
function readWithBusboyAlone(body: Buffer, sizes: number[], contentType: string, maxFileBytes: number): Promise<Reading> {
  return new Promise((resolve) => {
    let parser: BusboyInstance;
    try {
      parser = Busboy({ headers: { 'content-type': contentType }, defCharset: 'utf8', limits: { fileSize: maxFileBytes, fieldSize: 64 * 1024, files: 4, fields: 16, parts: 24 } });
    } catch {
      return resolve('refused');
    }
    let file: Buffer[] | null = null;
    let refused = false;
    const fields: Record<string, string> = {};
    parser.on('file', (name, stream) => {
      stream.on('error', () => undefined);
      if (name !== 'file' || file !== null) return stream.resume();
      const chunks: Buffer[] = [];
      file = chunks;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (refused = true));
    });
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      refused ||= valueTruncated;
      fields[name] = value;
    });
    parser.on('error', () => resolve('refused'));
    parser.on('finish', () => {
      const bytes = file ? Buffer.concat(file) : null;
      if (refused) return resolve('refused');
      resolve({ file: bytes && bytes.byteLength > 0 ? bytes.toString('latin1') : null, fields });
    });
    for (const chunk of cut(body, sizes)) parser.write(chunk);
    parser.end();
  });
}

const BOUNDARY = 'XyZ-12';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
/** Contents made of the delimiter's pieces and runs of other bytes: starts of it, whole ones, closings. */
const content = (maxPieces: number) =>
  fc
    .array(
      fc.oneof(
        { arbitrary: fc.constantFrom('\r', '\n', '\r\n', '-', '--', 'X', 'XyZ-1', `\r\n--${BOUNDARY}`, `\r\n--${BOUNDARY.slice(0, 4)}`, `\r\n--${BOUNDARY}--`, '\r\n\r\n'), weight: 1 },
        { arbitrary: fc.constantFrom('abc', 'é', 'photo bytes '.repeat(10), 'x'.repeat(90)), weight: 4 },
      ),
      { maxLength: maxPieces, size: 'max' },
    )
    .map((pieces) => pieces.join(''));
const part = fc.record({
  name: fc.constantFrom('file', 'metadata', 'other'),
  fileName: fc.option(fc.constantFrom('a.jpg', 'b.png'), { nil: undefined }),
  content: fc.oneof(content(40), content(400)),
});
/** Any parts, or the wanted file among others, as forms mostly come. */
const parts: fc.Arbitrary<{ name: string; fileName: string | undefined; content: string }[]> = fc.oneof(
  fc.array(part, { maxLength: 4 }),
  fc
    .tuple(fc.array(part, { maxLength: 2 }), content(400), fc.array(part, { maxLength: 2 }))
    .map(([before, file, after]) => [...before.filter((other) => other.name !== 'file'), { name: 'file', fileName: 'a.jpg', content: file }, ...after]),
);
const form = fc
  .record({ parts, closed: fc.boolean(), epilogue: fc.constantFrom('', '\r\n', 'trailing'), cutAt: fc.option(fc.nat(), { nil: undefined }) })
  .map(({ parts, closed, epilogue, cutAt }) => {
    const text = parts
      .map(({ name, fileName, content: value }) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ''}\r\n\r\n${value}\r\n`)
      .join('');
    const body = Buffer.from(`${text}${closed ? `--${BOUNDARY}--${epilogue}` : ''}`, 'latin1');
    return cutAt === undefined ? body : body.subarray(0, cutAt % (body.byteLength + 1));
  });

describe('a form read by the upload reader', () => {
  it('is read as busboy alone reads it, however it is cut in chunks', async () => {
    await fc.assert(
      fc.asyncProperty(form, fc.array(fc.oneof(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 17, max: 600 })), { minLength: 1, maxLength: 8 }), fc.constantFrom(1_000, 1_000_000), async (body, sizes, maxFileBytes) => {
        expect(await readWithReader(body, sizes, CONTENT_TYPE, maxFileBytes)).toEqual(await readWithBusboyAlone(body, sizes, CONTENT_TYPE, maxFileBytes));
      }),
      { numRuns: RUNS },
    );
  });

  it('gives a file of many chunks and the fields after it whole', async () => {
    const file = Buffer.alloc(200_000, 'file bytes, and a near delimiter \r\n--XyZ-1 now and then. ');
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"a":1}\r\n--${BOUNDARY}--\r\n`),
    ]);
    const reading = await readWithReader(body, [16_384, 65_536, 1_000], CONTENT_TYPE, 1_000_000);
    expect(reading).toEqual({ file: file.toString('latin1'), fields: { metadata: '{"a":1}' } });
  });
});
