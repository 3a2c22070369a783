/**
 * Asset formats the engine signs and reads, and how to tell them from bytes or a file name.
 * The list is what c2pa-wasm embeds manifests into in Node (checked by the round-trip tests).
 */
import { fileTypeFromBuffer } from 'file-type';

export interface AssetFormat {
  mime: string;
  /** What people call the format: "JPEG", "MP4". */
  name: string;
  extensions: readonly string[];
  kind: 'image' | 'video' | 'audio' | 'document' | 'manifest';
  /** False for formats that are read but never signed (a bare manifest store). */
  signable: boolean;
}

/** Formats whose hard binding is a BMFF hash (c2pa.hash.bmff.*): ISO BMFF files. */
export const BMFF_MIME_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/quicktime', 'audio/mp4', 'image/avif', 'image/heic', 'image/heif']);

/**
 * The time-based BMFF media (MP4, MOV, M4A): the formats that may be far larger than an image, since
 * the engine verifies and signs them from a file in constant memory (hashed as they stream).
 */
export const LARGE_MEDIA_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/quicktime', 'audio/mp4']);

export const SUPPORTED_FORMATS: readonly AssetFormat[] = [
  { mime: 'image/jpeg', name: 'JPEG', extensions: ['jpg', 'jpeg'], kind: 'image', signable: true },
  { mime: 'image/png', name: 'PNG', extensions: ['png'], kind: 'image', signable: true },
  { mime: 'image/webp', name: 'WebP', extensions: ['webp'], kind: 'image', signable: true },
  { mime: 'image/avif', name: 'AVIF', extensions: ['avif'], kind: 'image', signable: true },
  { mime: 'image/heic', name: 'HEIC', extensions: ['heic'], kind: 'image', signable: true },
  { mime: 'image/heif', name: 'HEIF', extensions: ['heif'], kind: 'image', signable: true },
  { mime: 'image/gif', name: 'GIF', extensions: ['gif'], kind: 'image', signable: true },
  { mime: 'image/tiff', name: 'TIFF', extensions: ['tif', 'tiff'], kind: 'image', signable: true },
  { mime: 'image/svg+xml', name: 'SVG', extensions: ['svg'], kind: 'image', signable: true },
  { mime: 'video/mp4', name: 'MP4', extensions: ['mp4', 'm4v'], kind: 'video', signable: true },
  { mime: 'video/quicktime', name: 'MOV', extensions: ['mov'], kind: 'video', signable: true },
  { mime: 'audio/mp4', name: 'M4A', extensions: ['m4a'], kind: 'audio', signable: true },
  { mime: 'audio/wav', name: 'WAV', extensions: ['wav'], kind: 'audio', signable: true },
  { mime: 'audio/mpeg', name: 'MP3', extensions: ['mp3'], kind: 'audio', signable: true },
  { mime: 'application/pdf', name: 'PDF', extensions: ['pdf'], kind: 'document', signable: true },
  { mime: 'application/c2pa', name: 'C2PA manifest store', extensions: ['c2pa'], kind: 'manifest', signable: false },
];

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
};

export function normaliseMime(mime: string): string {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return ALIASES[base] ?? base;
}

export function findFormat(mime: string): AssetFormat | undefined {
  const wanted = normaliseMime(mime);
  return SUPPORTED_FORMATS.find((format) => format.mime === wanted);
}

export function formatFromFileName(name: string): AssetFormat | undefined {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return SUPPORTED_FORMATS.find((format) => format.extensions.includes(extension));
}

/** The format the bytes really are (magic numbers), whatever a header or file name claims. */
export async function detectFormat(bytes: Uint8Array): Promise<AssetFormat | undefined> {
  const sniffed = await fileTypeFromBuffer(bytes);
  if (sniffed) {
    const byMime = findFormat(sniffed.mime);
    if (byMime) return byMime;
    // file-type calls HEIF stills image/heif even when the brand is heic; the extension knows better.
    const byExtension = SUPPORTED_FORMATS.find((format) => format.extensions.includes(sniffed.ext));
    if (byExtension) return byExtension;
    return undefined;
  }
  if (looksLikeSvg(bytes)) return findFormat('image/svg+xml');
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}
