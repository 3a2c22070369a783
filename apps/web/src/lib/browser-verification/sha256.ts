// The SHA-256 of a file, computed on the device (Web Crypto), as lowercase hex: what the repository
// is asked about, so a file is found without being uploaded.
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
