/**
 * A source's head, for a walk of a format's first bytes (its manifest near the start): 64 kB read
 * first, then, when the walk needs bytes it has not seen, at least twice as much, up to the whole file.
 * Over a source still filling, each read waits only for the bytes the walk needs.
 */
import type { ByteSource } from '../byte-source.ts';

const HEAD_STEP_BYTES = 64 * 1024;

export interface SourceHead {
  /** The head read so far. */
  readonly bytes: Uint8Array;
  /** The head, holding at least `length` bytes (or the whole file). */
  need(length: number): Promise<Uint8Array>;
}

export async function readSourceHead(source: ByteSource): Promise<SourceHead> {
  const { size } = source;
  let bytes = await source.read(0, Math.min(size, HEAD_STEP_BYTES));
  return {
    get bytes() {
      return bytes;
    },
    async need(length) {
      if (length > bytes.byteLength && bytes.byteLength < size) bytes = await source.read(0, Math.min(size, Math.max(length, 2 * bytes.byteLength, HEAD_STEP_BYTES)));
      return bytes;
    },
  };
}
