// Reads an uploaded file from a request body as it streams in: a multipart/form-data form (a browser
// or curl -F) or the file itself as the body (curl --data-binary, a CDN worker), within the server's
// budget of bytes held in memory (MAX_INFLIGHT_BYTES), hashed (SHA-256) as it streams in (one an
// engine worker reads as it arrives, below, is hashed once asked, behind its verification). A small body
// is gathered into one buffer; a large one (or one that grows large) goes to a spool file under
// DATA_DIR, and is read back into memory only when it is used, once the budget
// has room for it. A body reserves the budget's bytes as they arrive, not as many as it declares, and
// one still arriving after SLOW_BODY_MS goes to disk: slow clients hold little. A file over the limit is a 413, a broken form a 400, a body the budget cannot
// take now a 503 with Retry-After; for these the rest of the body is read and dropped first, so the
// client gets the answer rather than a reset connection. A body the client cut off is a 400.
// A file of known length (a body's Content-Length, or a form's whose file is the last part) may be
// offered to a receiver as it arrives (`arriving`: verify-as-it-arrives,
// services/verification/arriving/): it is then gathered into the shared memory the receiver lends,
// which an engine worker reads while the rest arrives; when it lends none, the file is gathered
// without being shared, as any other.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import Busboy, { type BusboyInstance } from '@fastify/busboy';
import type { ArrivalReceiver, UploadArrival } from '../services/verification/arriving/arriving-memory.ts';
import { ApiError } from './api-error.ts';
import type { InflightBytes } from './inflight-bytes.ts';
import { bodyAborted, type BodyChunk, type BodyChunks, type RequestBody } from './request-body.ts';
import type { SpoolFile, UploadSpool } from './upload-spool.ts';

/** Content types whose body is the file itself: media, PDF, a .c2pa manifest store, or untyped bytes. */
const FILE_BODY_TYPE = /^(image|video|audio)\/|^application\/(octet-stream|pdf|c2pa)\b/i;

export const isFileBody = (contentType: string): boolean => FILE_BODY_TYPE.test(contentType);

/** What carries a file of up to MAX_ASSET_BYTES (a form or the file itself), rather than small JSON. */
export const isUploadBody = (contentType: string): boolean => contentType.toLowerCase().startsWith('multipart/form-data') || isFileBody(contentType);

/**
 * What a multipart body may hold beside its file: 16 text fields of up to 64 KB and the part
 * headers and boundaries. A form whose file is exactly MAX_ASSET_BYTES is this much larger.
 */
export const MULTIPART_OVERHEAD_BYTES = 2 * 1024 * 1024;

const DEFAULT_SPOOL_ABOVE_BYTES = 8 * 1024 * 1024;
/** How much of a spooled file is read to tell its format. */
const SPOOLED_HEAD_BYTES = 64 * 1024;
const DEFAULT_READ_BACK_WAIT_MS = 30_000;
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface UploadedFile {
  fileName: string;
  /**
   * SHA-256 (hex) of the file. A file read as it arrived (UploadArrival.beingRead) was not hashed meanwhile,
   * the receiving thread's time going to reading it while an engine worker verified it: it is hashed
   * when first asked, in slices (UploadArrival.sha256), its memory held until then. Ask before discard().
   */
  sha256(): Promise<string>;
  byteLength: number;
  /**
   * Runs `use` with the file's bytes in memory. A spooled file is read back first, once the memory
   * budget has room for it (a 503 when it has none in time); its memory is released when `use` settles.
   */
  withBytes<T>(use: (bytes: Uint8Array) => Promise<T>): Promise<T>;
  /**
   * A spooled file on disk (finished), with its first 64 kB to tell its format: verified from the
   * file itself (large media in constant memory). Null for a file held in memory.
   */
  spooled(): Promise<{ path: string; head: Uint8Array } | null>;
  /** Releases the file's memory or deletes its spool file. Call when the request is done with it. */
  discard(): Promise<void>;
}

export interface MultipartUpload {
  /** The file of the requested field, when one with content was sent. */
  file: UploadedFile | null;
  fields: Record<string, string>;
  /** The small second file (smallFile option), in memory within the budget; null when none was sent. */
  smallFile: SmallUploadedFile | null;
}

/** A small second part (a .c2pa sidecar beside the asset), always in memory. */
export interface SmallUploadedFile {
  bytes: Uint8Array;
  /** Releases its share of the memory budget. */
  discard(): void;
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

/**
 * How long a body kept in memory may take to arrive before it is moved to its spool file, its memory
 * given back: a 2 MB photo arrives in milliseconds, 8 MiB over a slow mobile link in seconds; a body
 * still arriving after this is as well on disk (read back once it is used, as any spooled file).
 */
export const SLOW_BODY_MS = 5000;

const tooLarge = (maxFileBytes: number) => new ApiError(413, 'payload_too_large', `The file exceeds ${maxFileBytes} bytes`);
const malformed = (detail: string) => ApiError.validation(`The upload is not a valid multipart/form-data body: ${detail}`);
const busy = () => new ApiError(503, 'server_busy', 'The server is receiving too many uploads right now; try again shortly', BUSY_RETRY_AFTER_SECONDS);

/**
 * A body that stopped arriving: the request-body guard's own errors (stalled, over the size cap)
 * stay as they are; anything else means the client went away mid-upload.
 */
function brokenBody(error: unknown): ApiError {
  return error instanceof ApiError ? error : bodyAborted();
}

/** Reads and drops the rest of a refused body (up to `maxBytes`), so the client reads the answer. */
async function drainBody(reader: BodyChunks, maxBytes: number): Promise<void> {
  let drained = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
      if (drained > maxBytes) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}

/** Where one file's bytes go as they arrive: memory within the budget, or a spool file. */
interface FileSink {
  write(chunk: Uint8Array): Promise<void>;
  finish(fileName: string): Promise<UploadedFile | null>;
  /** Frees what the sink holds after a failure. */
  abandon(): Promise<void>;
}

export function createUploadReader(options: UploadReaderOptions): UploadReader {
  const { budget, spool } = options;
  const spoolAboveBytes = options.spoolAboveBytes ?? DEFAULT_SPOOL_ABOVE_BYTES;
  const readBackWaitMs = options.readBackWaitMs ?? DEFAULT_READ_BACK_WAIT_MS;
  const slowBodyMs = options.slowBodyMs ?? SLOW_BODY_MS;

  /**
   * A sink for a body of `declared` bytes (its Content-Length, an upper bound of the file): a known
   * large one is spooled from its first byte; any other reserves its memory as it arrives (a write
   * throws 503 when the budget cannot take it), and moves to a spool file once it passes the spool
   * threshold or is still arriving after SLOW_BODY_MS.
   */
  function openSink(declared: number | null, share?: { length: number; arriving: ArrivalReceiver }): FileSink {
    // The budget bytes this body holds: what has arrived of it, while it is kept in memory.
    let reserved = 0;
    let chunks: Uint8Array[] = [];
    // A body shared as it arrives is gathered in shared memory, published chunk by chunk.
    // The shared length is the file's exact length (a body's Content-Length) or its expected length
    // (a form's, when its file is the last part); a file of another length fails its reader.
    // The memory lent, held until the request is done with the bytes (discard, abandon), even once
    // no longer shared: the body goes on being gathered in it. Asked for at the first chunk, to place
    // the file as that chunk sits in memory.
    const shareable = share !== undefined && share.length > 0 && declared !== null && share.length <= declared && declared <= spoolAboveBytes;
    let arrival: UploadArrival | null = null;
    let sharing = false;
    const stopSharing = () => {
      if (sharing) arrival?.stop();
      sharing = false;
    };
    // A body of known length is copied into one buffer as it arrives (a form's file is within its
    // body's length): no second buffer to join the chunks into, and none kept for it to collect.
    let gathered: Buffer | null = !shareable && declared !== null && declared <= spoolAboveBytes ? Buffer.allocUnsafe(declared) : null;
    let gatheredBytes = 0;
    let size = 0;
    let file: SpoolFile | null = null;
    // Hashed chunk by chunk as the body arrives, between network reads: measured here for 2 MB, 1.1 ms
    // spread over the upload, against 3 to 5 ms awaited at its end hashing the whole off the event
    // loop (webcrypto copies the bytes and crosses to its thread pool and back).
    const hash = createHash('sha256');
    // Except a file read as it arrives (UploadArrival.beingRead): hashing it here took the receiving
    // thread's time, on the cores its worker and the client share, from the transfer and so from the
    // verdict (about 1 ms of a 2 MB upload's 4 to 5 here). It is hashed when asked (sha256).
    let hashLater = false;
    const spoolFromStart = declared !== null && declared > spoolAboveBytes;
    const releaseMemory = () => {
      budget.release(reserved);
      reserved = 0;
    };
    // The request lets its shared memory go (a hash asked for holds the memory on: UploadArrival.sha256).
    const releaseLease = () => arrival?.release();

    async function startSpool(): Promise<SpoolFile> {
      const opened = await spool.create();
      file = opened;
      if (gathered) chunks = [gathered.subarray(0, gatheredBytes)];
      gathered = null;
      if (hashLater) for (const chunk of chunks) hash.update(chunk);
      hashLater = false;
      for (const chunk of chunks) await opened.write(chunk);
      chunks = [];
      clearTimeout(slowBody);
      // Its reader (if any) must not wait on memory this body no longer fills.
      stopSharing();
      releaseLease();
      releaseMemory();
      return opened;
    }

    // A body still arriving after SLOW_BODY_MS is moved to its spool file, giving back its memory:
    // one that trickles (a byte now and then, under the idle limit) must not hold what it sent, nor
    // the shared memory lent to it, for as long as it likes. The move waits for no chunk; a chunk
    // that comes meanwhile waits for the move.
    let closed = false;
    let moving: Promise<unknown> | null = null;
    let slowBody: NodeJS.Timeout | undefined;
    if (!spoolFromStart) {
      slowBody = setTimeout(() => {
        if (!closed && !file) moving = startSpool().then(() => undefined, (error: unknown) => error ?? new Error('moving the body to disk failed'));
      }, slowBodyMs);
      slowBody.unref();
    }
    /** Waits for a move to disk under way; throws what made it fail. */
    const settleMove = async () => {
      const failure = await moving;
      if (failure !== undefined) throw failure;
      moving = null;
    };

    return {
      async write(chunk) {
        if (moving) await settleMove();
        if (shareable && size === 0 && gathered === null && !file) {
          arrival = share.arriving.receive(share.length, chunk);
          sharing = arrival !== null;
          gathered = arrival ? arrival.bytes : Buffer.allocUnsafe(declared);
        }
        size += chunk.byteLength;
        // Kept in memory, a body reserves its bytes as they arrive, not as many as it declared: one
        // that declares 8 MiB and sends a byte holds a byte. Over the budget, it is refused (503).
        if (!file && !spoolFromStart && size <= spoolAboveBytes && size > reserved) {
          if (!budget.tryReserve(size - reserved)) throw busy();
          reserved = size;
        }
        // Published before it is hashed here, so the reader starts on it at once.
        if (sharing && arrival && gathered === arrival.bytes && !file) {
          if (arrival.write(chunk)) {
            gatheredBytes += chunk.byteLength;
            hashLater = arrival.beingRead;
            if (!hashLater) hash.update(chunk);
            return;
          }
          stopSharing();
        }
        if (!file && (spoolFromStart || size > spoolAboveBytes)) await startSpool();
        if (!hashLater) hash.update(chunk);
        if (file) {
          await file.write(chunk);
          return;
        }
        if (gathered && gatheredBytes + chunk.byteLength <= gathered.byteLength) {
          gathered.set(chunk, gatheredBytes);
          gatheredBytes += chunk.byteLength;
          return;
        }
        if (gathered) chunks = [gathered.subarray(0, gatheredBytes)];
        gathered = null;
        chunks.push(chunk);
      },
      async finish(fileName) {
        closed = true;
        clearTimeout(slowBody);
        if (moving) await settleMove();
        if (size === 0) {
          releaseLease();
          releaseMemory();
          await file?.remove();
          return null;
        }
        if (file) return spooledFile(file, fileName, hash.digest('hex'), size);
        // Shorter than declared: whoever reads it as it arrives must not wait for the rest.
        if (sharing && arrival && gatheredBytes !== arrival.bytes.byteLength) stopSharing();
        const bytes = gathered ? gathered.subarray(0, gatheredBytes) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
        chunks = [];
        gathered = null;
        // Hashed only now, when asked, in the memory it was read from as it arrived.
        const held = hashLater ? arrival : null;
        let digest: Promise<string> | null = held ? null : Promise.resolve(hash.digest('hex'));
        return {
          fileName,
          sha256: () => (digest ??= held!.sha256(bytes)),
          byteLength: size,
          withBytes: (use) => use(bytes),
          spooled: async () => null,
          discard: async () => {
            // A reader still at work on it (its verdict no longer wanted) stops.
            stopSharing();
            releaseLease();
            releaseMemory();
          },
        };
      },
      async abandon() {
        closed = true;
        clearTimeout(slowBody);
        await moving;
        stopSharing();
        releaseLease();
        chunks = [];
        gathered = null;
        releaseMemory();
        await file?.remove();
      },
    };
  }

  function spooledFile(file: SpoolFile, fileName: string, sha256: string, byteLength: number): UploadedFile {
    return {
      fileName,
      sha256: async () => sha256,
      byteLength,
      async withBytes(use) {
        await file.finish();
        if (!(await budget.reserve(byteLength, readBackWaitMs))) throw busy();
        try {
          return await use(await file.read());
        } finally {
          budget.release(byteLength);
        }
      },
      async spooled() {
        await file.finish();
        return { path: file.path, head: await file.readHead(SPOOLED_HEAD_BYTES) };
      },
      discard: () => file.remove(),
    };
  }

  return {
    async readMultipart(upload, multipartOptions) {
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
    },

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
