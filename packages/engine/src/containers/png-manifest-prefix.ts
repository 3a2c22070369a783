/**
 * A PNG's C2PA chunk (`caBX`), found as c2pa-rs's PNG handler finds it, and the prefix c2pa-wasm
 * validates in place of the whole file: every chunk up to the end of `caBX`, then an `IEND` chunk.
 *
 * c2pa-rs (png_io.rs) walks the chunks from the signature to IEND (lengths only; CRCs are not
 * checked), fails when a chunk runs past the end of the file or its type is not UTF-8, refuses more
 * than one `caBX`, and reads the XMP only when there is no `caBX`. So when that walk finds exactly
 * one `caBX`, the prefix (same bytes up to it, then IEND) gives c2pa-rs the same store at the same
 * offsets; any other layout returns null and c2pa-wasm reads the whole file.
 */
import { createHash } from 'node:crypto';
import type { ManifestPrefix } from './manifest-prefix.ts';
import type { ExcludedRangeDigest } from '../byte-source.ts';

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
// Length 0, "IEND", and its CRC.
const IEND_CHUNK = Uint8Array.of(0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82);
export const PNG_MAX_CHUNKS = 1_000_000;

export type PngChunkStep = { kind: 'chunk'; type: string; end: number } | { kind: 'refused' };

/**
 * One step of c2pa-rs's chunk walk: the chunk at `offset` of a file of `size` bytes, whose 8 header
 * bytes `bytes` holds from `at`; refused when it runs past the file or its type is not ASCII (either
 * invalid UTF-8, which c2pa-rs fails, or no type we look for: both left to c2pa-rs).
 */
export function pngChunkAt(bytes: Uint8Array, at: number, offset: number, size: number): PngChunkStep {
  if (offset + 12 > size) return { kind: 'refused' };
  const length = ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
  const end = offset + 12 + length;
  if (end > size) return { kind: 'refused' };
  for (let index = 4; index < 8; index += 1) if (bytes[at + index]! >= 0x80) return { kind: 'refused' };
  return { kind: 'chunk', type: String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!), end };
}

/** The file up to the end of its `caBX` chunk, closed with an IEND chunk: what c2pa-wasm validates. */
export function pngPrefix(bytes: Uint8Array, manifestEnd: number): Uint8Array {
  const prefix = new Uint8Array(manifestEnd + IEND_CHUNK.byteLength);
  prefix.set(bytes.subarray(0, manifestEnd));
  prefix.set(IEND_CHUNK, manifestEnd);
  return prefix;
}

/** The PNG's one `caBX` chunk and the prefix ending with it; null for any other PNG. */
export function pngManifestPrefix(bytes: Uint8Array): ManifestPrefix | null {
  if (bytes.byteLength < PNG_SIGNATURE.byteLength || !PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return null;
  let offset = PNG_SIGNATURE.byteLength;
  let manifest: { start: number; end: number } | null = null;
  for (let count = 0; count < PNG_MAX_CHUNKS; count += 1) {
    const step = pngChunkAt(bytes, offset, offset, bytes.byteLength);
    if (step.kind === 'refused') return null;
    if (step.type === 'caBX') {
      if (manifest) return null;
      manifest = { start: offset, end: step.end };
    }
    offset = step.end;
    if (step.type === 'IEND') break;
    if (count === PNG_MAX_CHUNKS - 1) return null;
  }
  if (!manifest) return null;
  const prefix = pngPrefix(bytes, manifest.end);
  return { mime: 'image/png', prefix, store: bytes.slice(manifest.start + 8, manifest.end - 4) };
}

/**
 * The SHA-256 of a PNG outside its `caBX` chunk: the data hash c2pa-rs signs for a PNG (one exclusion,
 * over that chunk), computed without reading the manifest, after the same walk as pngManifestPrefix
 * (null where it gives null). An upload's receiving thread computes it while an engine worker
 * validates the manifest (filling-source.ts); the worker takes it when its exclusion is that chunk.
 */
export function pngChunkExcludedDigest(bytes: Uint8Array): ExcludedRangeDigest | null {
  const found = pngManifestPrefix(bytes);
  if (!found?.store) return null;
  const to = found.prefix.byteLength - IEND_CHUNK.byteLength;
  const from = to - found.store.byteLength - 12;
  const digest = createHash('sha256').update(bytes.subarray(0, from)).update(bytes.subarray(to)).digest();
  return { from, to, digest };
}
