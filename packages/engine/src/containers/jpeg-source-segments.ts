/**
 * A JPEG's C2PA APP11 segments found from a ByteSource as its bytes come (an upload still arriving):
 * the same walk as jpegManifestSegments (jpeg-hard-binding.ts), reading the file's head only as far as
 * the first scan, so c2pa-wasm can validate the manifest prefix before the rest has arrived. What that
 * walk also checks over the rest of the file (no other APP11 JUMBF segment after the run) is left to
 * the caller's pass over the remaining bytes (jumbfSegmentAt), which reads them anyway to hash them.
 */
import type { ByteSource } from '../byte-source.ts';
import { manifestPrefix } from './jpeg-hard-binding.ts';
import { readSourceHead } from './source-head.ts';

const APP11 = Uint8Array.of(0xff, 0xeb);

export interface JpegSourceSegments {
  /** The file up to the end of its manifest segments, closed with an end-of-image marker. */
  prefix: Uint8Array;
  /** The manifest store (JUMBF) the segments carry, joined. */
  store: Uint8Array;
  /** The offset just past the last C2PA APP11 segment: no other APP11 JUMBF segment may start from here. */
  end: number;
}

/**
 * Whether an APP11 JUMBF segment starts at `at` of the file (what jpegManifestSegments refuses after
 * the run): `window` holds the file's bytes from `windowStart`, at least to `at + 6` or the file's end.
 */
export function jumbfSegmentAt(window: Uint8Array, windowStart: number, at: number, size: number): boolean {
  const i = at - windowStart;
  return window[i] === 0xff && window[i + 1] === 0xeb && at + 6 <= size && window[i + 4] === 0x4a && window[i + 5] === 0x50;
}

/** The first offset in [from, to) of the file where an APP11 JUMBF segment starts, or -1 (see jumbfSegmentAt). */
export function findJumbfSegment(window: Uint8Array, windowStart: number, from: number, to: number, size: number): number {
  const view = Buffer.from(window.buffer, window.byteOffset, window.byteLength);
  // The marker's two bytes searched together: 0xFF alone is in every few hundred bytes of a scan.
  for (let i = view.indexOf(APP11, from - windowStart); i !== -1 && i + windowStart < to; i = view.indexOf(APP11, i + 1)) {
    if (jumbfSegmentAt(window, windowStart, i + windowStart, size)) return i + windowStart;
  }
  return -1;
}

/**
 * The C2PA APP11 segments of a JPEG read from `source`, when it has exactly one run of them (one box
 * instance, contiguous) before its first scan; else null. Exactly jpegManifestSegments's walk, except
 * the search for another JUMBF segment after the run, which the caller makes.
 */
export async function jpegSourceSegments(source: ByteSource): Promise<JpegSourceSegments | null> {
  const size = source.size;
  const head = await readSourceHead(source);
  let bytes = head.bytes;
  if (size < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  let end: number | null = null;
  const parts: [number, number][] = [];
  let instance: number | null = null;
  let previousWasJumbf = false;
  while (offset + 4 <= size) {
    bytes = await head.need(offset + 8);
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > size) return null;
    const jumbf = marker === 0xeb && length >= 8 && bytes[offset + 4] === 0x4a && bytes[offset + 5] === 0x50;
    if (jumbf) {
      const boxInstance = (bytes[offset + 6]! << 8) | bytes[offset + 7]!;
      if ((end !== null && !previousWasJumbf) || (instance !== null && boxInstance !== instance)) return null;
      instance = boxInstance;
      parts.push([offset + 4 + (end === null ? 8 : 16), offset + 2 + length]);
      end = offset + 2 + length;
    }
    previousWasJumbf = jumbf;
    offset += 2 + length;
  }
  if (end === null) return null;
  const whole = await head.need(end);
  return { prefix: manifestPrefix(whole, end), store: Buffer.concat(parts.map(([from, to]) => whole.subarray(from, to))), end };
}
