/**
 * Where an asset says its manifest lives: the dcterms:provenance URL of its XMP, found by a text
 * scan of the file's first 4 MiB (c2pa-wasm does not report the URL when it cannot fetch it).
 */
const PROVENANCE_URL = /dcterms:provenance(?:="([^"]+)"|>([^<]+)<)/;
const SCANNED_BYTES = 4 * 1024 * 1024;

/** The remote manifest URL an asset's XMP names (dcterms:provenance), if any. */
export function findRemoteManifestUrl(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SCANNED_BYTES)).toString('latin1');
  const match = PROVENANCE_URL.exec(text);
  return match ? (match[1] ?? match[2] ?? null) : null;
}
