// The URL a verification event keeps of where a file was seen (shown to the owner of the content
// among its copies seen elsewhere): scheme, host and path only. A query, fragment or user info may
// carry the verifier's access token (a presigned link), which is not the owner's to see.

/** `url` reduced to where it points; null when it is not a URL. */
export function sightingUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, 2048);
}
