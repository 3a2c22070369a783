/**
 * A file that fills while the engine reads it: an upload of known length written, as its chunks
 * arrive, into shared memory the engine (on a worker thread) reads as a ByteSource, so verifying it
 * starts with its first bytes instead of after its last. The writer publishes how many bytes have
 * arrived; a read waits (Atomics.waitAsync, no thread blocked) until its range is there. A body cut
 * off, refused or no longer wanted is failed by the writer: every read, waiting or to come, then
 * rejects at once. The bytes stay the writer's to read afterwards (the same memory, never copied).
 *
 * Once the file has arrived, the writer's thread, otherwise idle while the engine validates the
 * manifest, may hash the file for it (offerDigest): the SHA-256 of the bytes outside one excluded
 * range, taken by the reader when its manifest's exclusion is that range (excludedRangeDigest).
 * Whichever side starts first hashes; the other waits for it or leaves it, so no file is hashed twice.
 *
 * The memory comes from a bounded pool (createFillingPool) rather than a new SharedArrayBuffer per
 * file: V8 does not count shared memory towards garbage collection (nodejs/node#34703), so buffers
 * dropped one per upload piled up to gigabytes before it collected them. A buffer goes back to its
 * pool only once every holder let go: the writer's side (the request done with the bytes) and each
 * reader's (the engine's task on it settled), so no task still reading one ever sees another file.
 */
import type { ByteSource, ExcludedRangeDigest } from './byte-source.ts';

export type { ExcludedRangeDigest };

/** What crosses to the engine's thread: the file's memory and the word saying how much has arrived. */
export interface SharedFilling {
  /** The file's bytes, `size` of them from `offset` (a pooled buffer may be longer). */
  data: SharedArrayBuffer;
  /**
   * Where in `data` the file begins: where its first chunk begins modulo 8 (FillingPool.lend), so that
   * chunks cut from the same reads copy in word by word (copyShared).
   */
  offset: number;
  /** The file's length. */
  size: number;
  /**
   * Int32s: the bytes arrived so far (or FAILED), how many the reader waits for, the buffer's
   * lending, then the offered digest's state, its excluded range and the digest itself.
   */
  control: SharedArrayBuffer;
  /** Which lending of the pooled buffer this file is: a read made under another fails. */
  generation: number;
}

const ARRIVED = 0;
/** The reader waits for this many bytes: the writer wakes it only then (each wake-up costs both threads a switch). */
const WANTED = 1;
const GENERATION = 2;
/** Who hashes the file: DIGEST_OPEN until one side claims it. */
const DIGEST_STATE = 3;
const DIGEST_FROM = 4;
const DIGEST_TO = 5;
/** The digest's 32 bytes, from this word on. */
const DIGEST_WORD = 6;
const DIGEST_BYTES = 32;
const CONTROL_BYTES = DIGEST_WORD * 4 + DIGEST_BYTES;
const DIGEST_OPEN = 0;
const DIGEST_WRITER_HASHING = 1;
/** The reader hashes the file itself; the writer does not start. */
const DIGEST_READER_HASHING = 2;
const DIGEST_OFFERED = 3;
/** The writer found nothing to offer (a layout its hashing does not cover). */
const DIGEST_DECLINED = 4;
const FAILED = -1;
/** A read waits at most this long for bytes that do not come (a writer that never ended nor failed). */
const DEFAULT_READ_WAIT_MS = 60_000;

// Node has it (V8 8.7); TypeScript's ES2023 library does not name it yet.
const { waitAsync } = Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number, timeout?: number): { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
};

export class FillingFailedError extends Error {
  constructor(reason: string) {
    super(`The file stopped arriving: ${reason}`);
    this.name = 'FillingFailedError';
  }
}

/**
 * How much of a chunk at a time is realigned before it is copied into shared memory. V8 copies into a
 * SharedArrayBuffer with relaxed atomics: word by word when the source and the destination sit alike
 * modulo 8, byte by byte otherwise. Measured here on 2 MB in 64 kB chunks: 1.1 ms misaligned, 0.3 ms
 * aligned, about 0.1 ms more through this scratch buffer. The pool places a file as its first chunk sits
 * (FillingPool.lend): a body follows its request's headers, a form's file its part's headers, in the
 * same read, and the reads after are of whole words, so an upload's chunks mostly need no scratch.
 */
const REALIGN_BYTES = 64 * 1024;
const WORD_BYTES = 8;
let realignScratch: Uint8Array | undefined;

/** Copies `chunk` to `at` in the shared `target`, through the scratch buffer when their alignments differ. */
function copyShared(target: Uint8Array, chunk: Uint8Array, at: number): void {
  const alignment = (target.byteOffset + at) % WORD_BYTES;
  if (chunk.byteOffset % WORD_BYTES === alignment) {
    target.set(chunk, at);
    return;
  }
  // Its own buffer, so its offset 0 is word-aligned; one per thread, as the copy is synchronous.
  const scratch = (realignScratch ??= new Uint8Array(REALIGN_BYTES + WORD_BYTES));
  for (let done = 0; done < chunk.byteLength; done += REALIGN_BYTES) {
    const piece = chunk.subarray(done, done + REALIGN_BYTES);
    const shift = (target.byteOffset + at + done) % WORD_BYTES;
    scratch.set(piece, shift);
    target.set(scratch.subarray(shift, shift + piece.byteLength), at + done);
  }
}

/** The writer's side, on the thread receiving the file. */
export interface FillingWriter {
  readonly shared: SharedFilling;
  /** The file's bytes (over the shared memory): valid up to `arrived()`. */
  readonly bytes: Buffer;
  /** Appends a chunk; false (nothing written) when it would pass the declared size. */
  write(chunk: Uint8Array): boolean;
  arrived(): number;
  /**
   * Once the whole file has arrived, computes `digest(bytes)` (synchronously, on this thread) for the
   * reader to take, unless the reader began hashing the file itself. Returns whether a digest was
   * offered: not when `digest` gives null (or fails), the reader then hashing the file itself.
   */
  offerDigest(digest: (bytes: Uint8Array) => ExcludedRangeDigest | null): boolean;
  /** Every read of the engine, waiting or to come, fails (a cut-off, refused or abandoned file). */
  fail(): void;
  readonly failed: boolean;
  /**
   * One more holder of the memory (a task reading it): the memory goes back to its pool only once
   * every holder let go. Returns this holder's let-go (once is enough; more are ignored).
   */
  hold(): () => void;
  /** The writer's own hold let go (the request is done with the bytes): the file fails for its readers too. */
  release(): void;
}

/** Memory of its own, never pooled (tests, callers outside the server's budget). */
export function createFillingWriter(size: number): FillingWriter {
  return fillingWriter({ data: new SharedArrayBuffer(size), offset: 0, size, control: new SharedArrayBuffer(CONTROL_BYTES), generation: 0 }, () => undefined);
}

function fillingWriter(shared: SharedFilling, giveBack: () => void): FillingWriter {
  const { size } = shared;
  const control = new Int32Array(shared.control);
  const bytes = Buffer.from(shared.data, shared.offset, size);
  let arrived = 0;
  let failed = false;
  let holders = 1;
  const letGo = () => {
    holders -= 1;
    if (holders === 0) giveBack();
  };
  const writer: FillingWriter = {
    shared,
    bytes,
    write(chunk) {
      if (failed || holders === 0 || arrived + chunk.byteLength > size) return false;
      copyShared(bytes, chunk, arrived);
      arrived += chunk.byteLength;
      Atomics.store(control, ARRIVED, arrived);
      // Read after the store, as the reader stores WANTED before reading ARRIVED: one of the two sees
      // the other's. The last byte always wakes: a reader whose WANTED was overwritten still goes on.
      if (arrived >= Atomics.load(control, WANTED) || arrived === size) Atomics.notify(control, ARRIVED);
      return true;
    },
    arrived: () => arrived,
    offerDigest(digest) {
      if (failed || holders === 0 || arrived !== size) return false;
      if (Atomics.compareExchange(control, DIGEST_STATE, DIGEST_OPEN, DIGEST_WRITER_HASHING) !== DIGEST_OPEN) return false;
      let offered: ExcludedRangeDigest | null = null;
      try {
        offered = digest(bytes);
      } catch {
        // Only a head start: a digest that fails leaves the reader to hash the file itself.
      }
      if (offered && offered.digest.byteLength === DIGEST_BYTES) {
        Atomics.store(control, DIGEST_FROM, offered.from);
        Atomics.store(control, DIGEST_TO, offered.to);
        new Uint8Array(shared.control, DIGEST_WORD * 4, DIGEST_BYTES).set(offered.digest);
        Atomics.store(control, DIGEST_STATE, DIGEST_OFFERED);
      } else {
        offered = null;
        Atomics.store(control, DIGEST_STATE, DIGEST_DECLINED);
      }
      Atomics.notify(control, DIGEST_STATE);
      return offered !== null;
    },
    fail() {
      if (failed) return;
      failed = true;
      Atomics.store(control, ARRIVED, FAILED);
      Atomics.notify(control, ARRIVED);
    },
    get failed() {
      return failed;
    },
    hold() {
      if (holders === 0) throw new Error('The filling was released: it cannot be held again');
      holders += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        letGo();
      };
    },
    release: (() => {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        writer.fail();
        letGo();
      };
    })(),
  };
  return writer;
}

/** Shared memory lent to files as they arrive, within a bound. */
export interface FillingPool {
  /**
   * A writer for a file of `size` bytes over a pooled buffer (the smallest class that holds it, one
   * kept free if there is one); null when the file is larger than the largest class or when the
   * buffers lent out would pass the pool's bound: the caller then gathers the file without sharing it.
   * The file begins `alignment` bytes (0 to 7) into the buffer: where its first chunk begins in its
   * own memory modulo 8, so that it and the chunks after it, mostly cut from reads of whole words,
   * copy in word by word rather than through the realigning scratch buffer.
   */
  lend(size: number, alignment?: number): FillingWriter | null;
  /** Bytes of the buffers lent out now (their classes' sizes). */
  readonly lentBytes: number;
  /** Bytes of the buffers kept free for the next files. */
  readonly freeBytes: number;
}

export interface FillingPoolOptions {
  /** All the pool's buffers together, lent and free: the most shared memory it ever holds. */
  maxBytes: number;
  /** The largest file lent memory (its class is the next power of two). */
  maxFileBytes: number;
  /** The smallest class (default 64 kB). */
  minClassBytes?: number;
}

const DEFAULT_MIN_CLASS_BYTES = 64 * 1024;

interface PooledBuffer {
  data: SharedArrayBuffer;
  control: SharedArrayBuffer;
  generation: number;
}

export function createFillingPool(options: FillingPoolOptions): FillingPool {
  const minClass = options.minClassBytes ?? DEFAULT_MIN_CLASS_BYTES;
  const classOf = (size: number) => Math.max(minClass, 2 ** Math.ceil(Math.log2(size)));
  const maxClass = classOf(options.maxFileBytes);
  // Free buffers by class; the most recently returned is lent first.
  const free = new Map<number, PooledBuffer[]>();
  let lentBytes = 0;
  let freeBytes = 0;

  /** Drops free buffers of other classes, largest first, until `bytes` more fit within the bound. */
  function makeRoom(bytes: number): boolean {
    const classes = [...free.keys()].sort((a, b) => b - a);
    for (const size of classes) {
      const buffers = free.get(size)!;
      while (buffers.length > 0 && lentBytes + freeBytes + bytes > options.maxBytes) {
        buffers.pop();
        freeBytes -= size;
      }
      if (buffers.length === 0) free.delete(size);
    }
    return lentBytes + freeBytes + bytes <= options.maxBytes;
  }

  return {
    lend(size, alignment = 0) {
      if (size <= 0 || size > options.maxFileBytes) return null;
      // Unaligned rather than in a class larger than the largest.
      const offset = classOf(size + WORD_BYTES) <= maxClass ? ((alignment % WORD_BYTES) + WORD_BYTES) % WORD_BYTES : 0;
      const bytes = classOf(size + offset);
      if (bytes > maxClass || lentBytes + bytes > options.maxBytes) return null;
      let buffer = free.get(bytes)?.pop();
      if (buffer) freeBytes -= bytes;
      else {
        if (!makeRoom(bytes)) return null;
        buffer = { data: new SharedArrayBuffer(bytes), control: new SharedArrayBuffer(CONTROL_BYTES), generation: 0 };
      }
      lentBytes += bytes;
      // Reset for this file; the generation first, so a read of the last file's task (which has
      // settled, but may have had a read pending) fails instead of waiting on this file's words.
      const control = new Int32Array(buffer.control);
      buffer.generation = (buffer.generation + 1) | 0;
      Atomics.store(control, GENERATION, buffer.generation);
      Atomics.store(control, DIGEST_STATE, DIGEST_OPEN);
      Atomics.store(control, WANTED, 0);
      Atomics.store(control, ARRIVED, 0);
      const lent = buffer;
      return fillingWriter({ data: lent.data, offset, size, control: lent.control, generation: lent.generation }, () => {
        lentBytes -= bytes;
        const buffers = free.get(bytes) ?? [];
        buffers.push(lent);
        free.set(bytes, buffers);
        freeBytes += bytes;
      });
    },
    get lentBytes() {
      return lentBytes;
    },
    get freeBytes() {
      return freeBytes;
    },
  };
}

/** The reader's side, a ByteSource on the engine's thread: a read resolves once its bytes have arrived. */
export function fillingSource(shared: SharedFilling, options: { readWaitMs?: number } = {}): ByteSource {
  const control = new Int32Array(shared.control);
  const { size, generation } = shared;
  const readWaitMs = options.readWaitMs ?? DEFAULT_READ_WAIT_MS;
  const checkGeneration = () => {
    if (Atomics.load(control, GENERATION) !== generation) throw new FillingFailedError('its memory was given to another file');
  };
  return {
    size,
    async excludedRangeDigest(from, to) {
      for (;;) {
        checkGeneration();
        const state = Atomics.compareExchange(control, DIGEST_STATE, DIGEST_OPEN, DIGEST_READER_HASHING);
        if (state === DIGEST_WRITER_HASHING) {
          // The writer hashes synchronously once it has begun: this waits for that, no longer.
          const waiting = waitAsync(control, DIGEST_STATE, DIGEST_WRITER_HASHING, readWaitMs);
          if (waiting.async && (await waiting.value) === 'timed-out') return null;
          continue;
        }
        if (state !== DIGEST_OFFERED || Atomics.load(control, DIGEST_FROM) !== from || Atomics.load(control, DIGEST_TO) !== to) return null;
        const digest = new Uint8Array(shared.control, DIGEST_WORD * 4, DIGEST_BYTES).slice();
        checkGeneration();
        return digest;
      }
    },
    async read(offset, length) {
      const needed = offset + length;
      if (offset < 0 || length < 0 || needed > size) throw new RangeError(`read past the file's ${size} bytes`);
      const deadline = Date.now() + readWaitMs;
      for (;;) {
        Atomics.store(control, WANTED, needed);
        const arrived = Atomics.load(control, ARRIVED);
        if (arrived === FAILED) throw new FillingFailedError('the upload was cut off or refused');
        checkGeneration();
        if (arrived >= needed) return new Uint8Array(shared.data, shared.offset + offset, length);
        const left = deadline - Date.now();
        if (left <= 0) throw new FillingFailedError(`no bytes for ${readWaitMs} ms`);
        // Waits only while the word still says `arrived`: a write or a failure in between wakes it at once.
        const waiting = waitAsync(control, ARRIVED, arrived, left);
        if (waiting.async) await waiting.value;
      }
    },
  };
}
