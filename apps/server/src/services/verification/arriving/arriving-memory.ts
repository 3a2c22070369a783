// The shared memory an upload is gathered in while it arrives, so that an engine worker can read it
// meanwhile (the engine's filling-source.ts): lent from a bounded pool (ARRIVING_MEMORY_BYTES; V8 does
// not count shared memory towards collecting garbage) and given back once the request and the
// engine task reading it are both done with it. The upload reader (http/upload-reader.ts) offers a
// body of known length at its first chunk (ArrivalReceiver) and writes its chunks into the memory
// lent (UploadArrival); whoever reads the file meanwhile is told of it at its first chunk
// (ArrivedFile). A file read meanwhile is failed for its reader when it is cut off, refused,
// discarded, not the length expected, or not complete within ARRIVING_DEADLINE_MS.
import { arrivingFile, type ExcludedRangeDigest, type FillingPool, type FillingWriter, type SharedFilling } from '@provenance/engine';
import { sha256InSlices } from './sha256-in-slices.ts';
const { createFillingPool } = arrivingFile;

/**
 * How long a body shared as it arrives may take to end before it is failed for its reader: an engine
 * worker reading it waits for it, so a slow client must not hold one longer (the file is then
 * verified once it has arrived, as any other).
 */
export const ARRIVING_DEADLINE_MS = 1000;

/**
 * The most shared memory bodies arriving are gathered in, lent and kept free together: a pool, as V8
 * does not count shared memory towards garbage collection (a new buffer per body took the server
 * from about 560 MB to 1.2-1.8 GB under the HTTP bench). Past it, bodies are read without sharing.
 */
export const ARRIVING_MEMORY_BYTES = 64 * 1024 * 1024;

/** The largest file lent shared memory: the upload reader keeps larger bodies on disk (its spool threshold). */
const ARRIVING_MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * A file still arriving, as its reader (an engine task) sees it: its memory (the file's expected
 * length) fills as chunks come, and every read of it rejects once it is failed.
 */
export interface ArrivedFile {
  shared: SharedFilling;
  /** Its first chunk, to tell its format. */
  head: Uint8Array;
  /**
   * Keeps the shared memory from going to another body until the returned let-go is called: whoever
   * reads it (an engine task) holds it until its reading has settled, as the request holds it until
   * it is done with the bytes.
   */
  hold(): () => void;
  /**
   * Once the file has arrived, hashes it here for the engine worker reading it (FillingWriter's
   * offerDigest), unless the worker began hashing it itself or the requests of other uploads in
   * shared memory are under way (this thread then has their chunks to read). Whether it hashed.
   */
  offerDigest(digest: (bytes: Uint8Array) => ExcludedRangeDigest | null): boolean;
}

/** The upload reader's side of one file gathered in shared memory. */
export interface UploadArrival {
  /** The memory the file is gathered in: its expected length, placed as its first chunk sits in memory modulo 8. */
  readonly bytes: Buffer;
  /** Gathers and shares the next chunk; false (nothing written) when it is not shared any more or does not fit. */
  write(chunk: Uint8Array): boolean;
  /**
   * Whether the file is read as it arrives (an engine worker verifies it), known from its first chunk:
   * the receiving thread then does not hash it meanwhile; sha256() does, when asked.
   */
  readonly beingRead: boolean;
  /** The file will not arrive here whole (cut off, refused, moved to disk, shorter than expected): its reader fails at once. */
  stop(): void;
  /**
   * The SHA-256 (hex) of `bytes` (the file in this memory), hashed in slices (sha256-in-slices.ts) while
   * holding the memory: once released by everyone it may hold another file, so this then rejects.
   */
  sha256(bytes: Uint8Array): Promise<string>;
  /** The request is done with the memory: its reader fails, and the memory goes back once the reader let go too. */
  release(): void;
}

/** Offered by the upload reader a body of known length at its first chunk. */
export interface ArrivalReceiver {
  /** Shared memory to gather a file of `length` bytes in; null when the pool has none to lend (the file is then gathered as any other). */
  receive(length: number, firstChunk: Uint8Array): UploadArrival | null;
}

/** Told of a file at its first chunk; true when it is read meanwhile (then hashed only when asked). */
export type ArrivedListener = (file: ArrivedFile) => boolean | void;

export interface ArrivingMemory {
  /** A receiver for one upload, whose file `onArrived` is told of at its first chunk. */
  receiver(onArrived: ArrivedListener): ArrivalReceiver;
}

export interface ArrivingMemoryOptions {
  /** The shared memory lent (default: a pool of ARRIVING_MEMORY_BYTES, or `maxBytes`). */
  pool?: FillingPool | undefined;
  /** The pool's bound when it is made here (ARRIVING_MEMORY_BYTES). */
  maxBytes?: number | undefined;
  /** How long a file may take to arrive before it is failed for its reader (ARRIVING_DEADLINE_MS). */
  deadlineMs?: number | undefined;
}

export function createArrivingMemory(options: ArrivingMemoryOptions = {}): ArrivingMemory {
  const pool = options.pool ?? createFillingPool({ maxBytes: options.maxBytes ?? ARRIVING_MEMORY_BYTES, maxFileBytes: ARRIVING_MAX_FILE_BYTES });
  const deadlineMs = options.deadlineMs ?? ARRIVING_DEADLINE_MS;
  // Requests under way with a file in shared memory; not a file held only for its hash once its
  // request is done with it (sha256), which this thread hashes in slices, behind any digest offered.
  let requestsSharing = 0;

  function arrival(writer: FillingWriter, onArrived: ArrivedListener): UploadArrival {
    requestsSharing += 1;
    let counted = true;
    let announced = false;
    let beingRead = false;
    let deadline: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(deadline);
      writer.fail();
    };
    return {
      bytes: writer.bytes,
      get beingRead() {
        return beingRead;
      },
      write(chunk) {
        if (!writer.write(chunk)) return false;
        if (!announced && chunk.byteLength > 0) {
          announced = true;
          deadline = setTimeout(stop, deadlineMs);
          deadline.unref();
          beingRead = onArrived({ shared: writer.shared, head: chunk, hold: writer.hold, offerDigest: (digest) => requestsSharing === 1 && writer.offerDigest(digest) }) === true;
        }
        if (writer.arrived() === writer.bytes.byteLength) clearTimeout(deadline);
        return true;
      },
      stop,
      async sha256(bytes) {
        const letGo = writer.hold();
        try {
          return await sha256InSlices(bytes);
        } finally {
          letGo();
        }
      },
      release() {
        clearTimeout(deadline);
        if (counted) requestsSharing -= 1;
        counted = false;
        writer.release();
      },
    };
  }

  return {
    receiver: (onArrived) => ({
      receive(length, firstChunk) {
        const writer = pool.lend(length, firstChunk.byteOffset);
        return writer ? arrival(writer, onArrived) : null;
      },
    }),
  };
}
