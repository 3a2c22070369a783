/**
 * The signed file with its embedded manifest removed, as a platform that strips metadata would
 * leave it, so the repository can index (and match) that copy's hash exactly. JPEG: the C2PA APP11
 * (JUMBF) segments before the first scan; PNG: the caBX chunks. Other formats are not re-derived
 * (null): their copies are found by soft binding only.
 */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function jpegWithoutManifest(bytes: Uint8Array): Uint8Array | null {
  if (bytes.byteLength < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  let removed = false;
  while (offset + 4 <= bytes.byteLength) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    // From the first scan on, the file is entropy-coded data the manifest never sits in.
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (length < 2 || offset + 2 + length > bytes.byteLength) return null;
    // APP11 with the JPEG XT common identifier "JP": a JUMBF segment (C2PA's manifest store).
    const jumbf = marker === 0xeb && length >= 8 && bytes[offset + 4] === 0x4a && bytes[offset + 5] === 0x50;
    if (jumbf) removed = true;
    else kept.push(bytes.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  if (!removed) return null;
  kept.push(bytes.subarray(offset));
  return Buffer.concat(kept);
}

function pngWithoutManifest(bytes: Uint8Array): Uint8Array | null {
  if (bytes.byteLength < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  let removed = false;
  while (offset + 12 <= bytes.byteLength) {
    const end = offset + 12 + view.getUint32(offset);
    if (end > bytes.byteLength) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === 'caBX') removed = true;
    else kept.push(bytes.subarray(offset, end));
    offset = end;
    if (type === 'IEND') break;
  }
  return removed ? Buffer.concat(kept) : null;
}

/** The file without its embedded C2PA manifest; null when the format is not handled or none was found. */
export function withoutEmbeddedManifest(bytes: Uint8Array, mime: string): Uint8Array | null {
  if (mime === 'image/jpeg') return jpegWithoutManifest(bytes);
  if (mime === 'image/png') return pngWithoutManifest(bytes);
  return null;
}
