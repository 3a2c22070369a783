/**
 * A GIF's C2PA application extension (`C2PA_GIF`), found as c2pa-rs's GIF handler finds it, and the
 * prefix c2pa-wasm validates in place of the whole file: every block up to the end of that
 * extension, then the trailer.
 *
 * c2pa-rs (gif_io.rs) parses blocks from the header and takes the first C2PA application extension
 * before the first image descriptor, reading nothing after it. The prefix holds the same bytes up to
 * the end of that extension, so c2pa-rs parses the same blocks to the same store at the same
 * offsets. A block this walk does not follow byte for byte (an unknown label, a run past the end)
 * returns null and c2pa-wasm reads the whole file.
 */
import type { ManifestPrefix } from './manifest-prefix.ts';

const TRAILER = 0x3b;
const MAX_BLOCKS = 100_000;

/** The data sub-blocks starting at `offset`: their end (past the terminator) and payload, or null past the file's end. */
function subBlocks(bytes: Uint8Array, offset: number): { end: number; parts: Uint8Array[] } | null {
  const parts: Uint8Array[] = [];
  let at = offset;
  while (at < bytes.byteLength) {
    const size = bytes[at]!;
    if (size === 0) return { end: at + 1, parts };
    if (at + 1 + size > bytes.byteLength) return null;
    parts.push(bytes.subarray(at + 1, at + 1 + size));
    at += 1 + size;
  }
  return null;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The GIF's C2PA extension and the prefix ending with it; null when there is none before the first image or the blocks are unusual. */
export function gifManifestPrefix(bytes: Uint8Array): ManifestPrefix | null {
  if (bytes.byteLength < 13 || ascii(bytes, 0, 3) !== 'GIF' || !['87a', '89a'].includes(ascii(bytes, 3, 6))) return null;
  const packed = bytes[10]!;
  let offset = 13 + ((packed & 0x80) !== 0 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  for (let count = 0; count < MAX_BLOCKS && offset < bytes.byteLength; count += 1) {
    const introducer = bytes[offset]!;
    // An image (the C2PA block must come before it), the trailer or an unknown block: not for this path.
    if (introducer !== 0x21 || offset + 2 > bytes.byteLength) return null;
    const label = bytes[offset + 1]!;
    if (label === 0xf9) {
      offset += 8; // graphic control extension: c2pa-rs skips 6 bytes after the label
      continue;
    }
    const dataAt = label === 0xff ? offset + 2 + 12 : label === 0x01 ? offset + 2 + 11 : label === 0xfe ? offset + 2 : -1;
    if (dataAt < 0 || dataAt > bytes.byteLength) return null;
    if (label === 0xff && bytes[offset + 2] !== 0x0b) return null;
    const blocks = subBlocks(bytes, dataAt);
    if (!blocks) return null;
    const isC2pa = label === 0xff && ascii(bytes, offset + 3, offset + 11) === 'C2PA_GIF' && bytes[offset + 11] === 0x01 && bytes[offset + 12] === 0 && bytes[offset + 13] === 0;
    if (isC2pa) {
      const prefix = new Uint8Array(blocks.end + 1);
      prefix.set(bytes.subarray(0, blocks.end));
      prefix[blocks.end] = TRAILER;
      return { mime: 'image/gif', prefix, store: Buffer.concat(blocks.parts) };
    }
    offset = blocks.end;
  }
  return null;
}
