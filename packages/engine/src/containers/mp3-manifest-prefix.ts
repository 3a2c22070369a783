/**
 * An MP3's ID3v2 tag, where c2pa-rs keeps the manifest store (a GEOB frame of type
 * application/c2pa), and the prefix c2pa-wasm validates in place of the whole file: the tag alone.
 *
 * c2pa-rs (mp3_io.rs) reads the store from the ID3v2 tag at the start of the file and nothing after
 * it (the id3 crate reads the tag's declared size); the audio frames only enter the data hash. So
 * the tag's own bytes give c2pa-rs the same store at the same offsets. A file without a v2.2-v2.4
 * tag, or whose tag runs past its end, returns null; a tag without a C2PA frame reads as no
 * manifest from the prefix, and the caller then reads the whole file.
 */
import type { ManifestPrefix } from './manifest-prefix.ts';

const FOOTER_FLAG = 0x10;

/** The file's ID3v2 tag as the prefix; null when it has none c2pa-rs would read. */
export function mp3ManifestPrefix(bytes: Uint8Array): ManifestPrefix | null {
  if (bytes.byteLength < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return null; // "ID3"
  const major = bytes[3]!;
  if (major < 2 || major > 4) return null;
  // The size is "synchsafe": 7 bits a byte. Bytes with the top bit set are read by c2pa-rs's id3
  // crate its own way; leave those files to it.
  if ([6, 7, 8, 9].some((index) => bytes[index]! >= 0x80)) return null;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  const end = 10 + size + (major === 4 && (bytes[5]! & FOOTER_FLAG) !== 0 ? 10 : 0);
  // The tag must leave audio after it: a file that is all tag is read whole.
  if (end >= bytes.byteLength) return null;
  return { mime: 'audio/mpeg', prefix: bytes.slice(0, end), store: null };
}
