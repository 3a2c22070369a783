// The SHA-256 of the picture a badge wraps, computed in the reader's browser when the page may read
// its bytes (same origin, or served with CORS headers): a picture that is the signed file is then
// vouched for without the gateway fetching it. Most publishers' images carry no CORS headers; for
// those this answers null and the gateway checks the picture by its URL instead.

/** Pictures larger than this are left to the gateway rather than read into the page's memory. */
const MAX_HASHED_BYTES = 32 * 1024 * 1024;

const hex = (digest: ArrayBuffer): string => Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Resolves once the image has loaded or failed (or after `ms`), so its bytes come from the browser's cache. */
export function imageSettled(image: HTMLImageElement, ms = 3000): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      image.removeEventListener('load', done);
      image.removeEventListener('error', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    image.addEventListener('load', done);
    image.addEventListener('error', done);
  });
}

/** SHA-256 (hex) of the bytes at `url` as this page may read them, or null when it may not. */
export async function hashMedia(url: string): Promise<string | null> {
  const subtle = typeof crypto === 'undefined' ? undefined : crypto.subtle;
  if (!subtle) return null; // not a secure context
  try {
    // The image's own copy when the browser has it: a picture without CORS headers then fails here
    // without a second download.
    const response = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'force-cache' });
    if (!response.ok) return null;
    if (Number(response.headers.get('content-length') ?? 0) > MAX_HASHED_BYTES) {
      void response.body?.cancel().catch(() => undefined);
      return null;
    }
    const bytes = await response.arrayBuffer();
    if (bytes.byteLength === 0 || bytes.byteLength > MAX_HASHED_BYTES) return null;
    return hex(await subtle.digest('SHA-256', bytes));
  } catch {
    // No CORS headers (a TypeError), a page that replaced fetch, an offline reader: the gateway checks it.
    return null;
  }
}
