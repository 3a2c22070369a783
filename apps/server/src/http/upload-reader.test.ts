// The upload reader: streamed file bytes, SHA-256 and fields, the 413 limits and the 400 for broken
// forms (the memory budget and spooling are in upload-memory.test.ts).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { createInflightBytes } from './inflight-bytes.ts';
import type { MultipartUploadOptions } from './multipart-upload.ts';
import { createUploadReader, isUploadBody } from './upload-reader.ts';
import type { UploadedFile } from './uploaded-file.ts';
import { createUploadSpool } from './upload-spool.ts';
import { requestBody } from './request-body.ts';

const reader = createUploadReader({ budget: createInflightBytes(64 * 1024 * 1024), spool: createUploadSpool(mkdtempSync(path.join(tmpdir(), 'pg-upload-reader-'))) });

/** The file with its bytes in hand, as the assertions read them. */
async function inHand(file: UploadedFile | null) {
  if (!file) return null;
  const bytes = await file.withBytes(async (held) => held);
  const sha256 = await file.sha256();
  await file.discard();
  return { fileName: file.fileName, sha256, bytes };
}

async function readMultipartUpload(request: Request, options: MultipartUploadOptions) {
  const { file, fields } = await reader.readMultipart(requestBody(request), options);
  return { file: await inHand(file), fields };
}

async function readBodyUpload(request: Request, options: { maxFileBytes: number }) {
  return inHand(await reader.readBody(requestBody(request), options));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function formRequest(entries: [name: string, value: string | { bytes: Uint8Array; fileName: string }][]): Request {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.bytes]), value.fileName);
  }
  return new Request('http://x/', { method: 'POST', body: form });
}

/** The same form, streamed in pieces of `chunkBytes`, so the file arrives in several chunks. */
async function chunkedRequest(request: Request, chunkBytes: number): Promise<Request> {
  const body = new Uint8Array(await request.arrayBuffer());
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.byteLength) return controller.close();
      controller.enqueue(body.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, headers: request.headers, duplex: 'half' } as RequestInit);
}

/** A hand-written multipart body, sent as one chunk (or as given), with a chosen boundary. */
function rawRequest(body: string | Uint8Array, contentType: string | null): Request {
  const headers = new Headers();
  if (contentType !== null) headers.set('content-type', contentType);
  return new Request('http://x/', { method: 'POST', body, headers });
}

const BOUNDARY = 'test-boundary-1234';
const filePart = (name: string, fileName: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
const fieldPart = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const CLOSE = `--${BOUNDARY}--\r\n`;
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

async function expectApiError(promise: Promise<unknown>, status: number, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status, code });
}

describe('readMultipartUpload', () => {
  it('returns the file bytes, name and SHA-256 of a multi-chunk upload, and the text fields', async () => {
    const bytes = new Uint8Array(randomBytes(300 * 1024));
    const request = await chunkedRequest(
      formRequest([
        ['metadata', '{"title":"Sunset"}'],
        ['file', { bytes, fileName: 'sunset.jpg' }],
        ['note', 'hello'],
      ]),
      16 * 1024,
    );
    const upload = await readMultipartUpload(request, { fileField: 'file', maxFileBytes: 1024 * 1024 });
    expect(upload.file).not.toBeNull();
    expect(upload.file!.fileName).toBe('sunset.jpg');
    expect(upload.file!.bytes.byteLength).toBe(bytes.byteLength);
    expect(Buffer.from(upload.file!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(upload.file!.sha256).toBe(sha256(bytes));
    expect(upload.fields).toEqual({ metadata: '{"title":"Sunset"}', note: 'hello' });
  });

  it('gives file: null for an empty file and for a form without the file field', async () => {
    const empty = await readMultipartUpload(formRequest([['file', { bytes: new Uint8Array(0), fileName: 'empty.bin' }], ['a', '1']]), { fileField: 'file', maxFileBytes: 1024 });
    expect(empty).toEqual({ file: null, fields: { a: '1' } });
    const none = await readMultipartUpload(formRequest([['a', '1']]), { fileField: 'file', maxFileBytes: 1024 });
    expect(none).toEqual({ file: null, fields: { a: '1' } });
  });

  it('ignores files of other fields, whatever their size', async () => {
    const wanted = new Uint8Array(randomBytes(1000));
    const request = formRequest([
      ['other', { bytes: new Uint8Array(randomBytes(5000)), fileName: 'other.bin' }],
      ['file', { bytes: wanted, fileName: 'wanted.bin' }],
    ]);
    const upload = await readMultipartUpload(request, { fileField: 'file', maxFileBytes: 2000 });
    expect(upload.file?.fileName).toBe('wanted.bin');
    expect(upload.file?.sha256).toBe(sha256(wanted));
    expect(upload.fields).toEqual({});
  });

  it('reads a hand-written body with a chosen boundary', async () => {
    const body = fieldPart('title', 'Raw') + filePart('file', 'raw.txt', 'raw content') + CLOSE;
    const upload = await readMultipartUpload(rawRequest(body, MULTIPART), { fileField: 'file', maxFileBytes: 1024 });
    expect(upload.fields).toEqual({ title: 'Raw' });
    expect(upload.file?.fileName).toBe('raw.txt');
    expect(Buffer.from(upload.file!.bytes).toString()).toBe('raw content');
    expect(upload.file?.sha256).toBe(sha256(Buffer.from('raw content')));
  });

  it('keeps a file name sent in UTF-8, as browsers and curl send it', async () => {
    const upload = await readMultipartUpload(rawRequest(filePart('file', '東京 café.jpg', 'bytes') + CLOSE, MULTIPART), { fileField: 'file', maxFileBytes: 1024 });
    expect(upload.file?.fileName).toBe('東京 café.jpg');
  });

  it('reads a form up to its closing delimiter, whatever follows it', async () => {
    // busboy 1.6 went on parsing parts after the closing delimiter, and waited for ever for the last
    // one to end when the body ended inside it: the request hung, holding its memory.
    const epilogue = `${filePart('file', 'later.jpg', 'later')}${fieldPart('title', 'Later')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"; filename="b.png"\r\n\r\nnever ends`;
    for (const chunkBytes of [4096, 7]) {
      const request = await chunkedRequest(rawRequest(fieldPart('title', 'First') + filePart('file', 'first.jpg', 'first') + CLOSE + epilogue, MULTIPART), chunkBytes);
      const upload = await readMultipartUpload(request, { fileField: 'file', maxFileBytes: 1024 });
      expect(upload.fields).toEqual({ title: 'First' });
      expect(Buffer.from(upload.file!.bytes).toString()).toBe('first');
    }
  });

  it('rejects a file over maxFileBytes with 413 payload_too_large', async () => {
    const request = await chunkedRequest(formRequest([['file', { bytes: new Uint8Array(randomBytes(200 * 1024)), fileName: 'big.bin' }]]), 16 * 1024);
    await expectApiError(readMultipartUpload(request, { fileField: 'file', maxFileBytes: 100 * 1024 }), 413, 'payload_too_large');
  });

  it('rejects a file one byte over maxFileBytes', async () => {
    const request = formRequest([['file', { bytes: new Uint8Array(randomBytes(4097)), fileName: 'big.bin' }]]);
    await expectApiError(readMultipartUpload(request, { fileField: 'file', maxFileBytes: 4096 }), 413, 'payload_too_large');
  });

  it('rejects a text field over maxFieldBytes with 413, and keeps a smaller one whole', async () => {
    const options = { fileField: 'file', maxFileBytes: 1024, maxFieldBytes: 100 };
    await expectApiError(readMultipartUpload(formRequest([['metadata', 'x'.repeat(101)]]), options), 413, 'payload_too_large');
    const under = await readMultipartUpload(formRequest([['metadata', 'x'.repeat(99)]]), options);
    expect(under.fields.metadata).toBe('x'.repeat(99));
  });

  it('applies a default field limit of 64 KiB', async () => {
    await expectApiError(readMultipartUpload(formRequest([['metadata', 'x'.repeat(64 * 1024 + 1)]]), { fileField: 'file', maxFileBytes: 1024 }), 413, 'payload_too_large');
  });

  it('rejects a content type without boundary, or not multipart, with 400 validation_error', async () => {
    const body = filePart('file', 'a.txt', 'abc') + CLOSE;
    const options = { fileField: 'file', maxFileBytes: 1024 };
    await expectApiError(readMultipartUpload(rawRequest(body, 'multipart/form-data'), options), 400, 'validation_error');
    await expectApiError(readMultipartUpload(rawRequest(body, 'application/json'), options), 400, 'validation_error');
    await expectApiError(readMultipartUpload(rawRequest(body, null), options), 400, 'validation_error');
  });

  it('rejects a body cut off before its closing boundary with 400 validation_error', async () => {
    const body = fieldPart('title', 'Cut') + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"`;
    await expectApiError(readMultipartUpload(rawRequest(body, MULTIPART), { fileField: 'file', maxFileBytes: 1024 }), 400, 'validation_error');
  });

  it('rejects a body cut off inside a text field with 400 validation_error', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a val`;
    await expectApiError(readMultipartUpload(rawRequest(body, MULTIPART), { fileField: 'file', maxFileBytes: 1024 }), 400, 'validation_error');
  });

  it('rejects a body with no parts at all with 400 validation_error', async () => {
    await expectApiError(readMultipartUpload(rawRequest('not a multipart body', MULTIPART), { fileField: 'file', maxFileBytes: 1024 }), 400, 'validation_error');
  });

  it('takes the first file of the field and ignores a second', async () => {
    const body = filePart('file', 'first.bin', 'first') + filePart('file', 'second.bin', 'second') + CLOSE;
    const upload = await readMultipartUpload(rawRequest(body, MULTIPART), { fileField: 'file', maxFileBytes: 1024 });
    expect(upload.file?.fileName).toBe('first.bin');
    expect(Buffer.from(upload.file!.bytes).toString()).toBe('first');
  });

  it('accepts a file and a field of exactly the limit', async () => {
    const bytes = new Uint8Array(randomBytes(4096));
    const upload = await readMultipartUpload(formRequest([['file', { bytes, fileName: 'exact.bin' }], ['metadata', 'x'.repeat(100)]]), { fileField: 'file', maxFileBytes: 4096, maxFieldBytes: 100 });
    expect(upload.file?.sha256).toBe(sha256(bytes));
    expect(upload.fields.metadata).toHaveLength(100);
  });

  it('answers a body cut off inside a file part (wanted or not) with 400, without an uncaught error', async () => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      for (const field of ['file', 'other']) {
        const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="cut.bin"\r\n\r\nhalf a fi`;
        await expectApiError(readMultipartUpload(rawRequest(body, MULTIPART), { fileField: 'file', maxFileBytes: 1024 }), 400, 'validation_error');
      }
      await new Promise((settled) => setTimeout(settled, 20));
    } finally {
      process.off('uncaughtException', listener);
    }
    expect(uncaught).toEqual([]);
  });
});

describe('readBodyUpload', () => {
  const streamed = (bytes: Uint8Array, chunkBytes: number, type = 'image/jpeg') => {
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkBytes));
        offset += chunkBytes;
      },
    });
    return new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit);
  };

  it('returns the body bytes of a chunked upload with their SHA-256', async () => {
    const bytes = new Uint8Array(randomBytes(300 * 1024));
    const upload = await readBodyUpload(streamed(bytes, 16 * 1024), { maxFileBytes: 1024 * 1024 });
    expect(Buffer.from(upload!.bytes).equals(Buffer.from(bytes))).toBe(true);
    expect(upload!.sha256).toBe(sha256(bytes));
  });

  it('hashes a large body (off the event loop) to the same SHA-256', async () => {
    const bytes = new Uint8Array(randomBytes(2 * 1024 * 1024));
    expect((await readBodyUpload(streamed(bytes, 64 * 1024), { maxFileBytes: 4 * 1024 * 1024 }))!.sha256).toBe(sha256(bytes));
  });

  it('gives null for an empty body and 413 past the limit, even without a Content-Length', async () => {
    expect(await readBodyUpload(streamed(new Uint8Array(0), 16), { maxFileBytes: 10 })).toBeNull();
    await expectApiError(readBodyUpload(streamed(new Uint8Array(5000), 1000), { maxFileBytes: 4096 }), 413, 'payload_too_large');
  });

  it('counts forms and files as uploads, JSON not', () => {
    for (const type of ['multipart/form-data; boundary=x', 'image/jpeg', 'video/mp4', 'audio/mpeg', 'application/pdf', 'application/c2pa', 'application/octet-stream']) expect(isUploadBody(type), type).toBe(true);
    for (const type of ['application/json', 'text/plain', '']) expect(isUploadBody(type), type).toBe(false);
  });
});
