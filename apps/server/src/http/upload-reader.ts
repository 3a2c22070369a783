// Reads an uploaded file from a request body as it streams in: a multipart/form-data form (a browser
// or curl -F: multipart-upload.ts) or the file itself as the body (curl --data-binary, a CDN worker),
// within the server's budget of bytes held in memory (MAX_INFLIGHT_BYTES), hashed (SHA-256) as it
// streams in. Each file goes to its sink (upload-sink.ts): a small body is gathered into one buffer; a
// large one (or one that grows large, or one still arriving after SLOW_BODY_MS) goes to a spool file
// under DATA_DIR, read back into memory only when it is used, once the budget has room for it. A file
// over the limit is a 413, a broken form a 400, a body the budget cannot take now a 503 with
// Retry-After; for these the rest of the body is read and dropped first, so the client gets the answer
// rather than a reset connection (upload-refusals.ts). A body the client cut off is a 400.
// A file of known length (a body's Content-Length, or a form's whose file is the last part) may be
// offered to a receiver as it arrives (`arriving`: verify-as-it-arrives,
// services/verification/arriving/): it is then gathered into the shared memory the receiver lends,
// which an engine worker reads while the rest arrives; when it lends none, the file is gathered
// without being shared, as any other.
import type { ArrivalReceiver } from '../services/verification/arriving/arriving-memory.ts';
import type { InflightBytes } from './inflight-bytes.ts';
import { readMultipartUpload, type MultipartUpload, type MultipartUploadOptions } from './multipart-upload.ts';
import type { BodyChunk, RequestBody } from './request-body.ts';
import { brokenBody, drainBody, tooLarge } from './upload-refusals.ts';
import { createFileSinks, SLOW_BODY_MS, type FileSink } from './upload-sink.ts';
import type { UploadSpool } from './upload-spool.ts';
import type { UploadedFile } from './uploaded-file.ts';

/** Content types whose body is the file itself: media, PDF, a .c2pa manifest store, or untyped bytes. */
const FILE_BODY_TYPE = /^(image|video|audio)\/|^application\/(octet-stream|pdf|c2pa)\b/i;

export const isFileBody = (contentType: string): boolean => FILE_BODY_TYPE.test(contentType);

/** What carries a file of up to MAX_ASSET_BYTES (a form or the file itself), rather than small JSON. */
export const isUploadBody = (contentType: string): boolean => contentType.toLowerCase().startsWith('multipart/form-data') || isFileBody(contentType);

const DEFAULT_SPOOL_ABOVE_BYTES = 8 * 1024 * 1024;
const DEFAULT_READ_BACK_WAIT_MS = 30_000;

export interface UploadReaderOptions {
  budget: InflightBytes;
  spool: UploadSpool;
  /** Files larger than this are spooled to disk rather than kept in memory. */
  spoolAboveBytes?: number;
  /** How long a spooled file may wait for memory to be read back before the request gets 503. */
  readBackWaitMs?: number;
  /** How long a body may arrive while kept in memory before it is moved to its spool file (SLOW_BODY_MS). */
  slowBodyMs?: number;
}

export interface ReadBodyOptions {
  maxFileBytes: number;
  /**
   * Offered the body at its first chunk when it is gathered in memory (a declared length within the
   * spool threshold): the file may be read as it arrives, in the shared memory the receiver lends.
   */
  arriving?: ArrivalReceiver | undefined;
}

export interface UploadReader {
  readMultipart(body: RequestBody, options: MultipartUploadOptions): Promise<MultipartUpload>;
  /** The request body as the uploaded file (its content type names the format): null when empty. */
  readBody(body: RequestBody, options: ReadBodyOptions): Promise<UploadedFile | null>;
}

export function createUploadReader(options: UploadReaderOptions): UploadReader {
  const { budget, spool } = options;
  const openSink = createFileSinks({
    budget,
    spool,
    spoolAboveBytes: options.spoolAboveBytes ?? DEFAULT_SPOOL_ABOVE_BYTES,
    readBackWaitMs: options.readBackWaitMs ?? DEFAULT_READ_BACK_WAIT_MS,
    slowBodyMs: options.slowBodyMs ?? SLOW_BODY_MS,
  });

  return {
    readMultipart: (upload, multipartOptions) => readMultipartUpload(upload, multipartOptions, { budget, openSink }),

    async readBody(upload, bodyOptions) {
      const { maxFileBytes, arriving } = bodyOptions;
      const { declaredLength: declared, chunks: reader } = upload;
      let sink: FileSink;
      try {
        sink = openSink(declared, arriving && declared !== null ? { length: declared, arriving } : undefined);
      } catch (error) {
        await drainBody(reader, maxFileBytes);
        throw error;
      }
      let size = 0;
      for (;;) {
        let chunk: BodyChunk;
        try {
          chunk = await reader.read();
        } catch (error) {
          await sink.abandon();
          throw brokenBody(error);
        }
        if (chunk.done) break;
        size += chunk.value.byteLength;
        try {
          if (size > maxFileBytes) throw tooLarge(maxFileBytes);
          await sink.write(chunk.value);
        } catch (error) {
          await sink.abandon();
          // A body refused for want of memory is read to its end (it is within the limit); one
          // over the limit is not, as it may never end.
          if (size > maxFileBytes) await reader.cancel().catch(() => undefined);
          else await drainBody(reader, maxFileBytes - size);
          throw error;
        }
      }
      return sink.finish('upload');
    },
  };
}

/**
 * The OpenAPI description of a multipart upload body. Routes document their upload with it rather
 * than with a zod schema, because zod-openapi would parse the whole form before the handler runs.
 */
export interface UploadSchema {
  type: 'object';
  required: string[];
  properties: Record<string, { type: 'string'; format?: 'binary'; description: string; example?: string }>;
}
