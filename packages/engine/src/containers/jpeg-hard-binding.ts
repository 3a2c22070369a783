/**
 * A JPEG's C2PA APP11 segments, and the prefix of the file c2pa-wasm validates in its place:
 * everything up to the end of those segments followed by an end-of-image marker. The manifest store
 * sits at the same offsets as in the whole file; the hard binding is then checked natively
 * (data-hash-binding.ts). Segments laid out unusually (a second JUMBF, a split run, another box
 * instance) are left to c2pa-wasm reading the whole file.
 */
import { createHash } from 'node:crypto';
import type { ExcludedRangeDigest } from '../byte-source.ts';

const END_OF_IMAGE = Uint8Array.of(0xff, 0xd9);
const APP11 = Uint8Array.of(0xff, 0xeb);

const isJumbfSegment = (bytes: Uint8Array, offset: number) => bytes[offset + 4] === 0x4a && bytes[offset + 5] === 0x50; // "JP"

export interface JpegManifestSegments {
  /** The offset of the first C2PA APP11 segment (its marker). */
  start: number;
  /** The offset just past the last C2PA APP11 segment. */
  end: number;
  /** The manifest store (JUMBF) the segments carry, joined. */
  store: Uint8Array;
}

/**
 * The C2PA APP11 segments of a JPEG, when it has exactly one run of them (one box instance,
 * contiguous) before its first scan and no other APP11 JUMBF segment anywhere; else null.
 */
export function jpegManifestSegments(bytes: Uint8Array): JpegManifestSegments | null {
  if (bytes.byteLength < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  let start = 0;
  let end: number | null = null;
  // Each segment: CI "JP", box instance, sequence number (8 bytes), then the JUMBF; segments after
  // the first repeat the superbox's LBox and TBox (8 bytes more) before continuing it.
  const parts: Uint8Array[] = [];
  let instance: number | null = null;
  let previousWasJumbf = false;
  while (offset + 4 <= bytes.byteLength) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    // Fill bytes, restart markers or a second SOI before the scan: c2pa-rs decides.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) return null;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > bytes.byteLength) return null;
    const jumbf = marker === 0xeb && length >= 8 && isJumbfSegment(bytes, offset);
    if (jumbf) {
      const boxInstance = (bytes[offset + 6]! << 8) | bytes[offset + 7]!;
      if ((end !== null && !previousWasJumbf) || (instance !== null && boxInstance !== instance)) return null;
      instance = boxInstance;
      if (end === null) start = offset;
      parts.push(bytes.subarray(offset + 4 + (end === null ? 8 : 16), offset + 2 + length));
      end = offset + 2 + length;
    }
    previousWasJumbf = jumbf;
    offset += 2 + length;
  }
  if (end === null) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = view.indexOf(APP11, end); at !== -1; at = view.indexOf(APP11, at + 2)) {
    if (at + 6 <= bytes.byteLength && isJumbfSegment(bytes, at)) return null;
  }
  return { start, end, store: Buffer.concat(parts) };
}

/**
 * The SHA-256 of a JPEG outside its run of C2PA APP11 segments: the data hash c2pa-rs signs for a
 * JPEG (one exclusion, over those segments), computed without reading the manifest. An upload's
 * receiving thread computes it while an engine worker validates the manifest (filling-source.ts);
 * the worker takes it when its manifest's exclusion is that range. Null when the file has no such
 * run or has another JUMBF segment after it: the worker's own pass decides those.
 */
export function jpegSegmentsExcludedDigest(bytes: Uint8Array): ExcludedRangeDigest | null {
  const segments = jpegManifestSegments(bytes);
  if (!segments) return null;
  const hash = createHash('sha256');
  hash.update(bytes.subarray(0, segments.start));
  hash.update(bytes.subarray(segments.end));
  return { from: segments.start, to: segments.end, digest: hash.digest() };
}

/** The file up to the end of its manifest segments, closed with an end-of-image marker. */
export function manifestPrefix(bytes: Uint8Array, segmentsEnd: number): Uint8Array {
  // c2pa-rs finds the store in the prefix at the same offsets as in the whole file.
  const prefix = new Uint8Array(segmentsEnd + END_OF_IMAGE.byteLength);
  prefix.set(bytes.subarray(0, segmentsEnd));
  prefix.set(END_OF_IMAGE, segmentsEnd);
  return prefix;
}
