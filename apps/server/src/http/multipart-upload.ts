// Reads a multipart/form-data upload (a browser or curl -F) as it streams in, parsed by
// @fastify/busboy (which searches the delimiter with Buffer.indexOf and stops at the closing
// delimiter): the wanted file into its sink (upload-sink.ts), text fields, and a small second file
// kept in memory within the budget. A file over the limit is a 413, a broken form a 400, a part the
// budget cannot take now a 503; the rest of a refused body is read and dropped first.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { ArrivalReceiver } from '../services/verification/arriving/arriving-memory.ts';
import { ApiError } from './api-error.ts';
import type { InflightBytes } from './inflight-bytes.ts';
import type { BodyChunk, RequestBody } from './request-body.ts';
import { brokenBody, busy, drainBody, tooLarge } from './upload-refusals.ts';
import type { FileSink, OpenSink } from './upload-sink.ts';
import type { SmallUploadedFile, UploadedFile } from './uploaded-file.ts';

/**
 * What a multipart body may hold beside its file: 16 text fields of up to 64 KB and the part
 * headers and boundaries. A form whose file is exactly MAX_ASSET_BYTES is this much larger.
 */
export const MULTIPART_OVERHEAD_BYTES = 2 * 1024 * 1024;

export interface MultipartUpload {
  /** The file of the requested field, when one with content was sent. */
  file: UploadedFile | null;
  fields: Record<string, string>;
  /** The small second file (smallFile option), in memory within the budget; null when none was sent. */
  smallFile: SmallUploadedFile | null;
}

export interface MultipartUploadOptions {
  fileField: string;
  maxFileBytes: number;
  /** Text fields (metadata JSON) are small; larger is a 413. */
  maxFieldBytes?: number;
  /** A second, small file part kept in memory (reserved from the budget as it arrives); larger is a 413. */
  smallFile?: { field: string; maxBytes: number };
  /**
   * As readBody's: offered the file at its first chunk when the form's Content-Length tells the file's
   * length, which it does when the file is the last part (its length is then the body's less what
   * comes before the file and the closing boundary). Another form fails the reader of the shared
   * file once the file turns out longer or shorter, and its length says so (UploadedFile.byteLength).
   */
  arriving?: ArrivalReceiver | undefined;
}

/** How much of a form's start is kept to find its file part's headers. */
const RAW_HEAD_BYTES = 64 * 1024;

/**
 * The length of the form's file, if it is the last part: the body's length less the bytes up to the
 * end of the file part's headers and the closing boundary; null when those headers are not found.
 * Only an expectation: a form laid out otherwise gives a file of another length.
 */
function lastFileLength(head: Buffer, contentType: string, field: string, declared: number | null): number | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const name = head.indexOf(`name="${field}"`);
  const headersEnd = name === -1 ? -1 : head.indexOf('\r\n\r\n', name);
  if (!boundary || declared === null || headersEnd === -1) return null;
  const length = declared - (headersEnd + 4) - Buffer.byteLength(`\r\n--${boundary[1] ?? boundary[2]}--\r\n`);
  return length > 0 ? length : null;
}

const malformed = (detail: string) => ApiError.validation(`The upload is not a valid multipart/form-data body: ${detail}`);

export async function readMultipartUpload(upload: RequestBody, multipartOptions: MultipartUploadOptions, deps: { budget: InflightBytes; openSink: OpenSink }): Promise<MultipartUpload> {
  const { budget, openSink } = deps;
  const { contentType, declaredLength: declared, chunks: reader } = upload;
  const { fileField, maxFileBytes, smallFile: smallOptions } = multipartOptions;
  const maxFieldBytes = multipartOptions.maxFieldBytes ?? 64 * 1024;
  const bodyCap = maxFileBytes + (smallOptions?.maxBytes ?? 0) + MULTIPART_OVERHEAD_BYTES;
  // The small part's chunks and the budget they hold, released on failure or by its discard().
  let smallChunks: Buffer[] | null = null;
  let smallReserved = 0;
  const releaseSmall = () => {
    budget.release(smallReserved);
    smallReserved = 0;
    smallChunks = null;
  };
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      // Browsers and curl send a file name's UTF-8 bytes as they are.
      defCharset: 'utf8',
      // A part past its limit is cut there and called truncated (the wanted file's is refused with 413).
      limits: { fileSize: maxFileBytes, fieldSize: maxFieldBytes, files: 4, fields: 16, parts: 24 },
    });
  } catch {
    await drainBody(reader, bodyCap);
    throw ApiError.validation('The upload is not a valid multipart/form-data body (missing boundary)');
  }

  let failure: ApiError | null = null;
  let signalFailure!: () => void;
  const failed = new Promise<void>((resolve) => {
    signalFailure = resolve;
  });
  const fail = (error: unknown) => {
    if (failure !== null) return;
    failure = error instanceof ApiError ? error : malformed(error instanceof Error ? error.message : String(error));
    signalFailure();
  };

  const fields: Record<string, string> = {};
  let sink: FileSink | null = null;
  let fileName = 'upload';
  // The wanted file's stream, and its chunks' writes to its sink, one after another.
  let wanted: Readable | null = null;
  let storing: Promise<void> = Promise.resolve();

  parser.on('file', (name, stream, partFileName) => {
    // A body cut off inside a file part errors that part's stream; unheard, it would crash the process.
    stream.on('error', (error: Error) => fail(malformed(error.message)));
    if (smallOptions && name === smallOptions.field && smallChunks === null && failure === null) {
      const chunks: Buffer[] = [];
      smallChunks = chunks;
      stream.on('data', (chunk: Buffer) => {
        if (failure !== null) return;
        if (smallReserved + chunk.byteLength > smallOptions.maxBytes) return fail(new ApiError(413, 'payload_too_large', `The ${name} part exceeds ${smallOptions.maxBytes} bytes`));
        if (!budget.tryReserve(chunk.byteLength)) return fail(busy());
        smallReserved += chunk.byteLength;
        chunks.push(chunk);
      });
      return;
    }
    // Set when the first file of the field starts, not when it ends: a second one is ignored.
    if (name !== fileField || sink !== null || failure !== null) {
      stream.resume();
      return;
    }
    try {
      const fileLength = multipartOptions.arriving && rawHead ? lastFileLength(rawHead, contentType, fileField, declared) : null;
      sink = openSink(declared, fileLength !== null && multipartOptions.arriving ? { length: fileLength, arriving: multipartOptions.arriving } : undefined);
    } catch (error) {
      fail(error);
      stream.resume();
      return;
    }
    const opened = sink;
    fileName = partFileName ?? 'upload';
    wanted = stream;
    stream.on('limit', () => fail(tooLarge(maxFileBytes)));
    stream.on('data', (chunk: Buffer) => {
      // After a failure the part is still read to its end, so the parser is never stuck.
      if (failure === null) storing = storing.then(() => (failure === null ? opened.write(chunk) : undefined)).catch(fail);
    });
  });
  parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) fail(new ApiError(413, 'payload_too_large', `The field ${name} exceeds ${maxFieldBytes} bytes`));
    else fields[name] = value;
  });
  parser.on('error', (error: unknown) => fail(malformed(error instanceof Error ? error.message : String(error))));
  const finished = once(parser, 'finish').catch(() => undefined);

  // The body is written into the parser as it arrives, at the pace the file is stored; a
  // failure (over the limit, malformed, over budget) stops feeding it at once.
  let broken = false;
  let received = 0;
  // The body's first bytes, where the file part's headers are (to tell the file's length for `arriving`).
  let rawHead: Buffer | null = null;
  const feed = async (bytes: Uint8Array) => {
    parser.write(bytes);
    // What busboy gave the wanted file is stored now rather than a tick later, when its stream
    // starts to flow: read() emits it as 'data', as the stream's own flow does. (Reading may let
    // busboy drain at once, so whether to wait is asked afterwards.)
    while (wanted !== null && wanted.readableLength > 0 && wanted.read() !== null);
    if (parser.writableNeedDrain) await Promise.race([once(parser, 'drain').catch(() => undefined), failed]);
  };
  while (failure === null) {
    let chunk: BodyChunk;
    try {
      chunk = await reader.read();
    } catch (error) {
      broken = true;
      fail(brokenBody(error));
      break;
    }
    if (chunk.done) break;
    received += chunk.value.byteLength;
    if (received > bodyCap) {
      fail(tooLarge(maxFileBytes));
      break;
    }
    // The first chunk is kept as a view, not copied: nothing writes into a chunk once read, and
    // Buffer.from's copy of a 64 kB chunk took about 40 µs here, before the file could be shared.
    if (multipartOptions.arriving && sink === null && (rawHead?.byteLength ?? 0) < RAW_HEAD_BYTES) {
      const { buffer, byteOffset, byteLength } = chunk.value;
      rawHead = rawHead ? Buffer.concat([rawHead, chunk.value]) : Buffer.from(buffer, byteOffset, byteLength);
    }
    await feed(chunk.value);
    await storing;
  }
  if (failure === null) {
    parser.end();
    await Promise.race([finished, failed]);
    await storing;
  }
  if (failure !== null) {
    const refusal: ApiError = failure;
    parser.destroy();
    await storing;
    await (sink as FileSink | null)?.abandon();
    releaseSmall();
    if (broken) await reader.cancel().catch(() => undefined);
    else await drainBody(reader, bodyCap - received);
    throw refusal;
  }
  const file = sink ? await (sink as FileSink).finish(fileName) : null;
  const smallParts = smallChunks as Buffer[] | null;
  const smallFile: SmallUploadedFile | null = smallParts && smallReserved > 0 ? { bytes: new Uint8Array(Buffer.concat(smallParts)), discard: releaseSmall } : null;
  if (!smallFile) releaseSmall();
  return { file, fields, smallFile };
}
