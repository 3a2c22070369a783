/**
 * Which formats have their data hash checked natively, and the manifest prefix each gives
 * c2pa-wasm (data-hash-binding.ts says how the verdict stays c2pa-rs's).
 *
 * On: JPEG, PNG, GIF and MP3, whose manifest store sits near the start, so the prefix is small.
 * Off, read whole by c2pa-wasm: WebP and WAV (RIFF: c2pa-rs appends the C2PA chunk at the end, so a
 * prefix keeping it at the same offset is the whole file), TIFF and PDF (the store is written at the
 * end and found through offsets from the file's start: the same), SVG (the store sits in XML
 * metadata near the start, but a cut document does not parse as XML; rebuilding one that closes
 * every open element is not a prefix of the same bytes, so not the same parse).
 */
import { gifManifestPrefix } from './gif-manifest-prefix.ts';
import { jpegManifestSegments, manifestPrefix } from './jpeg-hard-binding.ts';
import { mp3ManifestPrefix } from './mp3-manifest-prefix.ts';
import { pngManifestPrefix } from './png-manifest-prefix.ts';

/** What c2pa-wasm reads in place of a whole asset: its bytes up to the end of the manifest store, closed so they parse. */
export interface ManifestPrefix {
  /** The asset's MIME type, as c2pa-wasm is told it. */
  mime: string;
  /** The rebuilt file: the store at the same offsets as in the asset. */
  prefix: Uint8Array;
  /** The manifest store's JUMBF bytes when the format module joins them cheaply; null otherwise. */
  store: Uint8Array | null;
}

function jpegPrefix(bytes: Uint8Array): ManifestPrefix | null {
  const segments = jpegManifestSegments(bytes);
  return segments && { mime: 'image/jpeg', prefix: manifestPrefix(bytes, segments.end), store: segments.store };
}

const PREFIXES: Record<string, (bytes: Uint8Array) => ManifestPrefix | null> = {
  'image/jpeg': jpegPrefix,
  'image/png': pngManifestPrefix,
  'image/gif': gifManifestPrefix,
  'audio/mpeg': mp3ManifestPrefix,
};

/** The manifest prefix of a data-hashed asset whose binding may be checked natively; null otherwise. */
export function manifestPrefixOf(mime: string, bytes: Uint8Array): ManifestPrefix | null {
  return PREFIXES[mime]?.(bytes) ?? null;
}
