// The gateway's C2PA Soft Binding Resolution API (/sbr): which manifest this gateway holds for a
// soft binding, such as the ISCC Image-Code a browser computed for a file with no credentials.
import type { TSbrMatches } from '@provenance/contracts';
import { apiRequest } from './client';

export const ISCC_ALG = 'io.iscc.v0';

function base64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/** The nearest manifest this gateway holds for an Image-Code digest; null when none is near enough. */
export async function findManifestByFingerprint(digest: Uint8Array): Promise<{ manifestId: string; similarity: number | null } | null> {
  const query = new URLSearchParams({ alg: ISCC_ALG, value: base64(digest), maxResults: '1' });
  const { matches } = await apiRequest<TSbrMatches>(`/sbr/matches/byBinding?${query.toString()}`);
  // Another resolver's answer (federation) names a manifest this gateway cannot show.
  const own = matches.find((match) => !match.endpoint);
  return own ? { manifestId: own.manifestId, similarity: own.similarityScore ?? null } : null;
}
