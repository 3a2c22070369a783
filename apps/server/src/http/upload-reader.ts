// Reads an uploaded file from a request body as it streams in: a multipart/form-data form (a browser
// or curl -F) or the file itself as the body (curl --data-binary, a CDN worker). The bytes are
// gathered into one buffer, instead of the four copies a whole-form parse makes (raw body, parsed
// form, File, ArrayBuffer), then hashed (SHA-256). A large file is hashed by WebCrypto on libuv's
// thread pool, so the server's one event loop, which every request shares, does not spend a
// millisecond per 2 MB hashing; a small one on the spot, cheaper than handing it over. A file over
// the limit is a 413, a broken form a 400.
import { createHash, webcrypto } from 'node:crypto';
import busboy from 'busboy';
import { ApiError } from './api-error.ts';

/** Content types whose body is the file itself: media, PDF, a .c2pa manifest store, or untyped bytes. */
const FILE_BODY_TYPE = /^(image|video|audio)\/|^application\/(octet-stream|pdf|c2pa)\b/i;

export const isFileBody = (contentType: string): boolean => FILE_BODY_TYPE.test(contentType);

/** What carries a file of up to MAX_ASSET_BYTES (a form or the file itself), rather than small JSON. */
export const isUploadBody = (contentType: string): boolean => contentType.toLowerCase().startsWith('multipart/form-data') || isFileBody(contentType);

/** Measured here: below about 1 MB the thread-pool hand-over costs more than hashing in place. */
const OFF_THREAD_HASH_BYTES = 1024 * 1024;

export interface UploadedFile {
  bytes: Uint8Array;
  fileName: string;
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
}

export interface MultipartUpload {
  /** The file of the requested field, when one with content was sent. */
  file: UploadedFile | null;
  fields: Record<string, string>;
}

export interface MultipartUploadOptions {
  fileField: string;
  maxFileBytes: number;
  /** Text fields (metadata JSON) are small; larger is a 413. */
  maxFieldBytes?: number;
}

export async function readMultipartUpload(request: Request, options: MultipartUploadOptions): Promise<MultipartUpload> {
  const maxFieldBytes = options.maxFieldBytes ?? 64 * 1024;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      // busboy calls a part truncated when it reaches the limit; one byte more lets exactly the limit in.
      limits: { fileSize: options.maxFileBytes + 1, fieldSize: maxFieldBytes + 1, files: 4, fields: 16, parts: 24 },
    });
  } catch {
    throw ApiError.validation('The upload is not a valid multipart/form-data body (missing boundary)');
  }
  const fields: Record<string, string> = {};
  let received: Omit<UploadedFile, 'sha256'> | null = null;
  // Set when the first file of the field starts, not when it ends: a second one is ignored.
  let fileTaken = false;

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      // A body cut off inside a file part errors that part's stream; unheard, it would crash the process.
      stream.on('error', (error: Error) => reject(ApiError.validation(`The upload is not a valid multipart/form-data body: ${error.message}`)));
      if (name !== options.fileField || fileTaken) {
        stream.resume();
        return;
      }
      fileTaken = true;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.byteLength;
      });
      stream.on('limit', () => reject(new ApiError(413, 'payload_too_large', `The file exceeds ${options.maxFileBytes} bytes`)));
      stream.on('end', () => {
        if (size > 0 && !stream.truncated) received = { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), fileName: info.filename ?? 'upload' };
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) reject(new ApiError(413, 'payload_too_large', `The field ${name} exceeds ${maxFieldBytes} bytes`));
      else fields[name] = value;
    });
    parser.on('error', (error: Error) => reject(ApiError.validation(`The upload is not a valid multipart/form-data body: ${error.message}`)));
    parser.on('close', () => resolve());
  });

  const body = request.body;
  if (!body) throw ApiError.validation('The upload is empty');
  const reader = body.getReader();
  // The body is written into the parser as it arrives; a rejection (over the limit, malformed) stops
  // reading at once rather than after the whole body.
  let failure: unknown = null;
  parsed.catch((error: unknown) => {
    failure = error;
  });
  for (;;) {
    const { done, value } = await reader.read();
    if (failure) {
      await reader.cancel().catch(() => undefined);
      throw failure;
    }
    if (done) break;
    parser.write(value);
  }
  parser.end();
  await parsed;
  if (!received) return { file: null, fields };
  const { bytes, fileName } = received as Omit<UploadedFile, 'sha256'>;
  return { file: { bytes, fileName, sha256: await sha256Of(bytes) }, fields };
}

async function sha256Of(bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength < OFF_THREAD_HASH_BYTES) return createHash('sha256').update(bytes).digest('hex');
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/**
 * The request body as the uploaded file (its content type names the format, e.g. image/jpeg):
 * null when the body is empty.
 */
export async function readBodyUpload(request: Request, options: { maxFileBytes: number }): Promise<Omit<UploadedFile, 'fileName'> | null> {
  const reader = request.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > options.maxFileBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(413, 'payload_too_large', `The file exceeds ${options.maxFileBytes} bytes`);
    }
    chunks.push(value);
  }
  if (size === 0) return null;
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
  return { bytes, sha256: await sha256Of(bytes) };
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
