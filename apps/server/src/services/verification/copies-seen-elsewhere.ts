// Copies of signed files verified elsewhere, read from the verification events of each file's
// manifest, apart from the file's own verdict: stripped copies (no credentials, matched to the
// manifest by the repository), tampered copies (they carry the manifest, are not the signed file and
// failed), and badges of the manifest shown around other media (mismatched). Grouped by where each was
// seen (the URL verified, else the origin of the page that asked) with first and last sighting.
// Only verification-events.ts calls it: its repository writes the queued events first.
import { and, count, eq, inArray, isNotNull, isNull, max, min, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets, verificationEvents } from '../../db/schema/index.ts';

export type CopyKind = 'stripped' | 'tampered' | 'mismatched';

export interface CopySighting {
  /** The URL verified (sighting-url.ts), else the origin of the page that asked; null when unknown (an upload). */
  where: string | null;
  firstSeen: Date;
  lastSeen: Date;
  count: number;
}

export type SeenElsewhere = Record<CopyKind, { count: number; places: CopySighting[] }>;

/** Places listed per kind; the count covers them all. */
export const PLACES_PER_KIND = 10;

export function nothingSeenElsewhere(): SeenElsewhere {
  return { stripped: { count: 0, places: [] }, tampered: { count: 0, places: [] }, mismatched: { count: 0, places: [] } };
}

export async function readCopiesSeenElsewhere(db: Db, signedAssetIds: string[]): Promise<Map<string, SeenElsewhere>> {
  const found = new Map<string, SeenElsewhere>();
  if (signedAssetIds.length === 0) return found;
  const e = verificationEvents;
  const stripped = isNotNull(e.recoveryMethod);
  const mismatched = eq(e.mediaCheck, 'mismatch');
  // A verification of the manifest (not a badge's mismatch or unreadable media) of other bytes than
  // the signed file's, which failed: the file's own failures (its signer revoked) are its verdict, not
  // a copy; so are those of its version before a timestamp was added (a CDN may still serve it).
  const tampered = and(
    isNull(e.recoveryMethod),
    or(isNull(e.mediaCheck), eq(e.mediaCheck, 'matches')),
    eq(e.status, 'invalid'),
    isNotNull(e.assetHash),
    ne(e.assetHash, signedAssets.signedAssetHash),
    or(isNull(signedAssets.previousSignedAssetHash), ne(e.assetHash, signedAssets.previousSignedAssetHash)),
  );
  const kind = sql<CopyKind>`case when ${stripped} then 'stripped' when ${mismatched} then 'mismatched' else 'tampered' end`;
  const place = sql<string | null>`coalesce(${e.assetUrl}, ${e.referrer})`;
  const rows = await db
    .select({ assetId: e.signedAssetId, kind, place, total: count(), firstSeen: min(e.createdAt), lastSeen: max(e.createdAt) })
    .from(e)
    .innerJoin(signedAssets, eq(signedAssets.id, e.signedAssetId))
    .where(and(inArray(e.signedAssetId, signedAssetIds), or(stripped, mismatched, tampered)))
    .groupBy(e.signedAssetId, sql`2`, sql`3`);
  for (const row of rows) {
    if (!row.assetId || !row.firstSeen || !row.lastSeen) continue;
    const seen = found.get(row.assetId) ?? nothingSeenElsewhere();
    found.set(row.assetId, seen);
    seen[row.kind].count += row.total;
    seen[row.kind].places.push({ where: row.place, firstSeen: new Date(row.firstSeen), lastSeen: new Date(row.lastSeen), count: row.total });
  }
  for (const seen of found.values()) {
    for (const copies of Object.values(seen)) copies.places = copies.places.sort((a, b) => b.lastSeen.getTime() - a.lastSeen.getTime()).slice(0, PLACES_PER_KIND);
  }
  return found;
}
