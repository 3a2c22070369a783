// The manifest repository: every manifest the gateway signs, found again from a copy that lost it.
// At signing, it computes the soft binding the manifest carries (the ISCC Image-Code) and, once the
// asset is signed, indexes its hashes, fingerprint and signing times. At lookup, every signing whose
// file matches (an exact hash as given, as signed or re-derived; for images, a fingerprint within the
// threshold in any of the eight EXIF orientations) is a candidate, and the candidates are ranked by
// signing-rank.ts, earliest first: the content's first signer is credited, not whoever signed it last.
import { createHash } from 'node:crypto';
import { type SignResult, softBinding, type SoftBindingValue, type TaskPlacement, type VerifyResponse } from '@provenance/engine';
import { fingerprintImage, fingerprintOrientations, type ImageFingerprint } from './image-fingerprint.ts';
import type { IndexedManifest, ManifestIndex } from './manifest-index.ts';
import { earliestFirst } from './signing-rank.ts';

/**
 * Hamming distance (of 64 bits) up to which a fingerprint match counts. Measured on 60 synthetic
 * scenes (testing/scene-image.ts): unrelated pairs were never closer than 16 bits (1,770 pairs),
 * while at 8 bits PNG kept 60/60, JPEG q50 52/60, q70 43/60, WebP 37/60, 50% 35/60. 8 leaves half
 * the margin to the nearest unrelated pair. The transforms bench (bench/recovery-results.md: 209
 * signed images, 1,000 unrelated) agrees: no false match at 8, the nearest unrelated image at 10 bits.
 * The band index only guarantees candidates within 3 bits (one band identical); farther matches are
 * found when a band happens to survive.
 */
export const DEFAULT_MATCH_DISTANCE = 8;

/** Candidates a recovery lists at most. */
export const MAX_RECOVERY_CANDIDATES = 10;
/**
 * Near entries read per fingerprint before ranking: ranking needs every match, not only the nearest,
 * and a fingerprint matches few signings (re-signings of one picture), so this bound is generous.
 */
const NEAR_READ_LIMIT = 100;

/** A matching signing: the index's entry, how it matched and how closely. */
export interface RepositoryMatch extends IndexedManifest {
  method: 'exact-hash' | 'fingerprint';
  /** 100 for an exact hash; else 100 × (1 − distance / 64), rounded. */
  similarity: number;
}

export interface ManifestRepository {
  readonly maxDistance: number;
  /** The soft binding to write into an image's manifest (and its fingerprint, kept for indexing); null for other media. */
  softBindingFor(bytes: Uint8Array, kind: 'image' | 'video' | string): Promise<{ binding: SoftBindingValue; fingerprint: ImageFingerprint } | null>;
  /** Indexes a signed asset by its hashes and fingerprint. */
  /** `signedBytes` absent (a large video signed on disk): its manifest was appended, so removing it gives the original, indexed by assetHash already. */
  index(signedAssetId: string, signed: IndexedSigning, fingerprint: ImageFingerprint | null): Promise<void>;
  /** The manifest of the asset whose file as given, as signed or re-derived has this SHA-256 (lowercase hex), or null. */
  manifestIdByHash(sha256: string): Promise<string | null>;
  /** Every signing matching a file without credentials, earliest first (signing-rank.ts), at most MAX_RECOVERY_CANDIDATES; empty: none. */
  lookup(bytes: Uint8Array, sha256: string, kind: 'image' | 'video' | string, placement?: TaskPlacement): Promise<RepositoryMatch[]>;
  /** Matches of a soft-binding value (SBR byBinding), earliest signing first. */
  matchesByBinding(alg: string, value: Uint8Array, maxResults: number): Promise<RepositoryMatch[]>;
  /** Matches of a file's content (SBR byContent): exact hash or fingerprint (any orientation), earliest signing first. */
  matchesByContent(bytes: Uint8Array, maxResults: number): Promise<RepositoryMatch[]>;
}

/** What the index keeps of a signing: its hashes, and when and by whom it was signed (for ranking). */
export type IndexedSigning = Pick<SignResult, 'manifestId' | 'mime' | 'assetHash' | 'signedAssetHash' | 'signedAt'> & {
  signedBytes?: Uint8Array;
  /** The time the signature's trusted RFC 3161 timestamp attests (ISO 8601); null or absent: none. */
  trustedTimestampAt?: string | null;
  /** The organisation the signed file's credentials name; null or absent: none. */
  organization?: string | null;
};

/** What ranking needs of a signing that only its verification says: its trusted timestamp and the organisation named. */
export function signingFactsOf(verification: VerifyResponse): { trustedTimestampAt: string | null; organization: string | null } {
  const timestamp = verification.report.timestamp;
  return { trustedTimestampAt: timestamp?.trusted ? timestamp.time : null, organization: verification.verification.credentials.organization };
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const similarityOf = (distance: number): number => Math.round(100 * (1 - distance / 64));

export function createManifestRepository(deps: { index: ManifestIndex; maxDistance?: number }): ManifestRepository {
  const { index } = deps;
  const maxDistance = deps.maxDistance ?? DEFAULT_MATCH_DISTANCE;

  /** Signings whose fingerprint is near any of these (the nearest distance kept per signing). */
  async function near(fingerprints: readonly { alg: string; digest: Uint8Array }[]): Promise<RepositoryMatch[]> {
    const digests = fingerprints.filter((fingerprint) => fingerprint.alg === softBinding.ISCC_SOFT_BINDING_ALG && fingerprint.digest.length === 8).map((fingerprint) => fingerprint.digest);
    const found = new Map<string, RepositoryMatch>();
    for (const { distance, ...row } of await index.findNear(softBinding.ISCC_SOFT_BINDING_ALG, digests, maxDistance, NEAR_READ_LIMIT * digests.length)) {
      const similarity = similarityOf(distance);
      const known = found.get(row.manifestId);
      if (!known || known.similarity < similarity) found.set(row.manifestId, { ...row, method: 'fingerprint', similarity });
    }
    return [...found.values()];
  }

  /** Exact matches, then near ones not already exact, ranked earliest first. */
  async function ranked(sha256Hex: string, fingerprints: readonly ImageFingerprint[], limit: number): Promise<RepositoryMatch[]> {
    const matches: RepositoryMatch[] = (await index.findByHash(sha256Hex, NEAR_READ_LIMIT)).map((row) => ({ ...row, method: 'exact-hash', similarity: 100 }));
    for (const match of await near(fingerprints)) if (!matches.some((m) => m.manifestId === match.manifestId)) matches.push(match);
    return earliestFirst(matches).slice(0, limit);
  }

  return {
    maxDistance,
    async softBindingFor(bytes, kind) {
      if (kind !== 'image') return null;
      const fingerprint = await fingerprintImage(bytes);
      if (!fingerprint) return null;
      return { binding: { alg: fingerprint.alg, value: Buffer.from(fingerprint.digest).toString('base64'), covers: fingerprint.covers }, fingerprint };
    },
    async index(signedAssetId, signed, fingerprint) {
      const rederived = signed.signedBytes ? softBinding.withoutEmbeddedManifest(signed.signedBytes, signed.mime) : null;
      await index.add({
        signedAssetId,
        manifestId: signed.manifestId,
        assetHash: signed.assetHash,
        signedHash: signed.signedAssetHash,
        rederivedHash: rederived ? sha256(rederived) : null,
        fingerprint: fingerprint && { alg: fingerprint.alg, digest: fingerprint.digest, covers: fingerprint.covers },
        signedAt: new Date(signed.signedAt),
        trustedTimestampAt: signed.trustedTimestampAt ? new Date(signed.trustedTimestampAt) : null,
        organization: signed.organization ?? null,
      });
    },
    async manifestIdByHash(hash) {
      return earliestFirst(await index.findByHash(hash, NEAR_READ_LIMIT))[0]?.manifestId ?? null;
    },
    async lookup(bytes, hash, kind, placement) {
      const fingerprints = kind === 'image' ? ((await fingerprintOrientations(bytes, placement)) ?? []) : [];
      return ranked(hash, fingerprints, MAX_RECOVERY_CANDIDATES);
    },
    async matchesByBinding(alg, value, maxResults) {
      return earliestFirst(await near([{ alg, digest: value }])).slice(0, maxResults);
    },
    async matchesByContent(bytes, maxResults) {
      return ranked(sha256(bytes), (await fingerprintOrientations(bytes)) ?? [], maxResults);
    },
  };
}
