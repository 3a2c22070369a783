/**
 * A PNG's C2PA chunk (`caBX`) found from a ByteSource as its bytes come (an upload still arriving):
 * the walk of pngManifestPrefix (png-manifest-prefix.ts), reading the head only as far as the end of
 * `caBX`, so c2pa-wasm can validate the manifest prefix before the rest has arrived. The walk over
 * the chunks after it (each within the file, an ASCII type, no second `caBX`, up to IEND) is made by
 * pngRestWalk over the windows the caller reads anyway to hash them.
 */
import type { ByteSource } from '../byte-source.ts';
import { PNG_MAX_CHUNKS, PNG_SIGNATURE, pngChunkAt, pngPrefix } from './png-manifest-prefix.ts';
import { readSourceHead } from './source-head.ts';

/** A chunk's length and type: what the walk reads of each. */
export const PNG_CHUNK_HEADER_BYTES = 8;

export interface PngSourceChunks {
  /** The file up to the end of its `caBX` chunk, closed with an IEND chunk. */
  prefix: Uint8Array;
  /** The manifest store `caBX` carries. */
  store: Uint8Array;
  /** The offset just past `caBX`: the rest of the walk starts there, with `chunks` chunks walked. */
  end: number;
  chunks: number;
}

/** The PNG's first `caBX` chunk and the prefix ending with it, read from `source`; null when the walk refuses the file or meets IEND first. */
export async function pngSourceChunks(source: ByteSource): Promise<PngSourceChunks | null> {
  const size = source.size;
  const head = await readSourceHead(source);
  let bytes = head.bytes;
  if (bytes.byteLength < PNG_SIGNATURE.byteLength || !PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return null;
  let offset = PNG_SIGNATURE.byteLength;
  for (let count = 0; count < PNG_MAX_CHUNKS - 1; count += 1) {
    bytes = await head.need(offset + PNG_CHUNK_HEADER_BYTES);
    const step = pngChunkAt(bytes, offset, offset, size);
    if (step.kind === 'refused' || step.type === 'IEND') return null;
    if (step.type === 'caBX') {
      bytes = await head.need(step.end);
      return { prefix: pngPrefix(bytes, step.end), store: bytes.slice(offset + 8, step.end - 4), end: step.end, chunks: count + 1 };
    }
    offset = step.end;
  }
  return null;
}

/**
 * The rest of the walk, fed the file's windows in order: `window(bytes, at, to)` with the file's bytes
 * from `at`, holding at least [at, to) and PNG_CHUNK_HEADER_BYTES past `to` (or to the file's end);
 * false as soon as the walk refuses the file (a chunk past its end, a non-ASCII type, a second
 * `caBX`, too many chunks). `finished()`: the walk reached IEND.
 */
export function pngRestWalk(found: Pick<PngSourceChunks, 'end' | 'chunks'>, size: number): { window(bytes: Uint8Array, at: number, to: number): boolean; finished(): boolean } {
  let next = found.end;
  let count = found.chunks;
  let done = false;
  return {
    window(bytes, at, to) {
      while (!done && next < to) {
        if (next < at) return false;
        const step = pngChunkAt(bytes, next - at, next, size);
        if (step.kind === 'refused' || step.type === 'caBX') return false;
        count += 1;
        if (step.type === 'IEND') done = true;
        else if (count >= PNG_MAX_CHUNKS) return false;
        next = step.end;
      }
      return true;
    },
    finished: () => done,
  };
}
