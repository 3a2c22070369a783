// Database access for the manifest repository's index (db/schema/manifest-index.ts): writes one entry per signed asset
// and answers exact-hash and near-fingerprint lookups. A near lookup reads only the rows that share a
// 16-bit band with the asked fingerprint (each band has an index), then counts the Hamming distance
// of those few candidates here: no scan of the table. Each entry carries when it was signed, so that
// signings of the same content can be ranked (signing-rank.ts).
import { softBinding } from '@provenance/engine';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { manifestIndex } from '../../db/schema/index.ts';

export interface ManifestIndexEntry {
  signedAssetId: string;
  manifestId: string;
  assetHash: string;
  signedHash: string;
  /** SHA-256 of the signed file without its manifest; null when its format is not re-derived. */
  rederivedHash: string | null;
  fingerprint: { alg: string; digest: Uint8Array; covers: 'image' | 'poster-frame' } | null;
  /** The time the manifest claims. */
  signedAt: Date;
  /** The time its trusted RFC 3161 timestamp attests; null when it has none that is trusted. */
  trustedTimestampAt: Date | null;
  /** The organisation its credentials name; null when none. */
  organization: string | null;
}

export interface IndexedManifest {
  manifestId: string;
  signedAssetId: string;
  signedAt: Date;
  trustedTimestampAt: Date | null;
  organization: string | null;
  /** When the entry was written (ranking's last tie-breaker). */
  indexedAt: Date;
}

export interface NearManifest extends IndexedManifest {
  /** Bits that differ from the asked fingerprint (0-64). */
  distance: number;
}

export interface ManifestIndex {
  add(entry: ManifestIndexEntry): Promise<void>;
  /** Entries whose asset as given, as signed or re-derived has this SHA-256 (lowercase hex), oldest indexed first, at most limit. */
  findByHash(sha256: string, limit: number): Promise<IndexedManifest[]>;
  /**
   * Entries of this algorithm within maxDistance bits of any of the digests (their distance to the
   * nearest), nearest first, at most limit: one query for all of them (an image's eight orientations).
   */
  findNear(alg: string, digests: readonly Uint8Array[], maxDistance: number, limit: number): Promise<NearManifest[]>;
}

/** The four 16-bit bands of a 64-bit fingerprint, most significant first. */
export function fingerprintBands(digest: Uint8Array): [number, number, number, number] {
  if (digest.length !== 8) throw new RangeError('A fingerprint has 64 bits');
  return [0, 1, 2, 3].map((i) => (digest[2 * i]! << 8) | digest[2 * i + 1]!) as [number, number, number, number];
}

/** Candidates read per near lookup: bands shared by many images (flat ones) must not read the table. */
const MAX_CANDIDATES = 2000;

export function createManifestIndex(db: Db): ManifestIndex {
  const t = manifestIndex;
  // An entry indexed before signed_at existed (and not backfilled) is ranked by when it was indexed.
  const indexed = {
    manifestId: t.manifestId,
    signedAssetId: t.signedAssetId,
    signedAt: sql<Date>`coalesce(${t.signedAt}, ${t.createdAt})`.mapWith(t.createdAt),
    trustedTimestampAt: t.trustedTimestampAt,
    organization: t.organization,
    indexedAt: t.createdAt,
  };
  return {
    async add(entry) {
      const bands = entry.fingerprint ? fingerprintBands(entry.fingerprint.digest) : null;
      await db.insert(t).values({
        signedAssetId: entry.signedAssetId,
        manifestId: entry.manifestId,
        assetHash: entry.assetHash,
        signedHash: entry.signedHash,
        rederivedHash: entry.rederivedHash,
        softBindingAlg: entry.fingerprint?.alg ?? null,
        fingerprint: entry.fingerprint ? Buffer.from(entry.fingerprint.digest).toString('hex') : null,
        fingerprintCovers: entry.fingerprint?.covers ?? null,
        band0: bands?.[0] ?? null,
        band1: bands?.[1] ?? null,
        band2: bands?.[2] ?? null,
        band3: bands?.[3] ?? null,
        signedAt: entry.signedAt,
        trustedTimestampAt: entry.trustedTimestampAt,
        organization: entry.organization,
      });
    },
    async findByHash(sha256, limit) {
      return db
        .select(indexed)
        .from(t)
        .where(or(eq(t.signedHash, sha256), eq(t.rederivedHash, sha256), eq(t.assetHash, sha256)))
        .orderBy(asc(t.createdAt))
        .limit(limit);
    },
    async findNear(alg, digests, maxDistance, limit) {
      if (digests.length === 0) return [];
      // Each query costs the server's thread (PGlite runs in it) far more than its few index reads:
      // the bands of all the digests are asked at once.
      const bands = digests.map(fingerprintBands);
      const band = (index: 0 | 1 | 2 | 3) => [...new Set(bands.map((four) => four[index]))];
      const rows = await db
        .select({ ...indexed, fingerprint: t.fingerprint, alg: t.softBindingAlg })
        .from(t)
        .where(or(inArray(t.band0, band(0)), inArray(t.band1, band(1)), inArray(t.band2, band(2)), inArray(t.band3, band(3))))
        .limit(MAX_CANDIDATES * digests.length);
      return rows
        .filter((row) => row.alg === alg && row.fingerprint)
        .map(({ fingerprint, alg: _alg, ...row }) => {
          const stored = Buffer.from(fingerprint!, 'hex');
          return { ...row, distance: Math.min(...digests.map((digest) => softBinding.hammingDistance(digest, stored))) };
        })
        .filter((row) => row.distance <= maxDistance)
        .sort((a, b) => a.distance - b.distance)
        .slice(0, limit);
    },
  };
}
