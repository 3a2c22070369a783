// Where one uploaded file's bytes go as they arrive: memory within the server's budget (reserved as
// the bytes arrive, not as many as declared), or a spool file under DATA_DIR for a large body, one
// that grows large, or one still arriving after SLOW_BODY_MS; hashed (SHA-256) as they stream in. A
// body offered to a receiver as it arrives (verify-as-it-arrives) is gathered in the shared memory
// it lends (services/verification/arriving/arriving-memory.ts). A spooled file is read back into
// memory only when used, once the budget has room for it.
import { createHash } from 'node:crypto';
import type { ArrivalReceiver, UploadArrival } from '../services/verification/arriving/arriving-memory.ts';
import type { InflightBytes } from './inflight-bytes.ts';
import { busy } from './upload-refusals.ts';
import type { SpoolFile, UploadSpool } from './upload-spool.ts';
import type { UploadedFile } from './uploaded-file.ts';

/** How much of a spooled file is read to tell its format. */
const SPOOLED_HEAD_BYTES = 64 * 1024;

/**
 * How long a body kept in memory may take to arrive before it is moved to its spool file, its memory
 * given back: a 2 MB photo arrives in milliseconds, 8 MiB over a slow mobile link in seconds; a body
 * still arriving after this is as well on disk (read back once it is used, as any spooled file).
 */
export const SLOW_BODY_MS = 5000;

/** Where one file's bytes go as they arrive: memory within the budget, or a spool file. */
export interface FileSink {
  write(chunk: Uint8Array): Promise<void>;
  finish(fileName: string): Promise<UploadedFile | null>;
  /** Frees what the sink holds after a failure. */
  abandon(): Promise<void>;
}

/** Opens the sink of one file: a body of `declared` bytes, offered to `share.arriving` as a file of `share.length` when given. */
export type OpenSink = (declared: number | null, share?: { length: number; arriving: ArrivalReceiver }) => FileSink;

export interface FileSinkSettings {
  budget: InflightBytes;
  spool: UploadSpool;
  /** Files larger than this are spooled to disk rather than kept in memory. */
  spoolAboveBytes: number;
  /** How long a spooled file may wait for memory to be read back before the request gets 503. */
  readBackWaitMs: number;
  /** How long a body may arrive while kept in memory before it is moved to its spool file (SLOW_BODY_MS). */
  slowBodyMs: number;
}

export function createFileSinks(settings: FileSinkSettings): OpenSink {
  const { budget, spool, spoolAboveBytes, readBackWaitMs, slowBodyMs } = settings;

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

  return openSink;
}
