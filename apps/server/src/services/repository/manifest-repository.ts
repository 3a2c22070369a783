// The manifest repository: every manifest the gateway signs, found again from a copy that lost it.
// At signing, it computes the soft binding the manifest carries (the ISCC Image-Code) and, once the
// asset is signed, indexes its hashes and fingerprint. At lookup, an exact hash (as given, as signed,
// or re-derived) wins; else the nearest fingerprint within the threshold, for images.
import { createHash } from 'node:crypto';
import { ISCC_SOFT_BINDING_ALG, withoutEmbeddedManifest, type SignResult, type SoftBindingValue } from '@provenance/engine';
import { fingerprintImage, type ImageFingerprint } from './image-fingerprint.ts';
import type { ManifestIndex } from './manifest-index.ts';

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

export interface RepositoryMatch {
  manifestId: string;
  signedAssetId: string;
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
  /** The repository's best match for a file without credentials, or null. */
  lookup(bytes: Uint8Array, sha256: string, kind: 'image' | 'video' | string): Promise<RepositoryMatch | null>;
  /** Matches of a soft-binding value (SBR byBinding), nearest first. */
  matchesByBinding(alg: string, value: Uint8Array, maxResults: number): Promise<RepositoryMatch[]>;
  /** Matches of a file's content (SBR byContent): exact hash, then fingerprint, nearest first. */
  matchesByContent(bytes: Uint8Array, maxResults: number): Promise<RepositoryMatch[]>;
}

/** What the index keeps of a signing. */
export type IndexedSigning = Pick<SignResult, 'manifestId' | 'mime' | 'assetHash' | 'signedAssetHash'> & { signedBytes?: Uint8Array };

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const similarityOf = (distance: number): number => Math.round(100 * (1 - distance / 64));

export function createManifestRepository(deps: { index: ManifestIndex; maxDistance?: number }): ManifestRepository {
  const { index } = deps;
  const maxDistance = deps.maxDistance ?? DEFAULT_MATCH_DISTANCE;

  async function byBinding(alg: string, value: Uint8Array, maxResults: number): Promise<RepositoryMatch[]> {
    if (alg !== ISCC_SOFT_BINDING_ALG || value.length !== 8) return [];
    const near = await index.findNear(alg, value, maxDistance, maxResults);
    return near.map((row) => ({ manifestId: row.manifestId, signedAssetId: row.signedAssetId, method: 'fingerprint', similarity: similarityOf(row.distance) }));
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
      const rederived = signed.signedBytes ? withoutEmbeddedManifest(signed.signedBytes, signed.mime) : null;
      await index.add({
        signedAssetId,
        manifestId: signed.manifestId,
        assetHash: signed.assetHash,
        signedHash: signed.signedAssetHash,
        rederivedHash: rederived ? sha256(rederived) : null,
        fingerprint: fingerprint && { alg: fingerprint.alg, digest: fingerprint.digest, covers: fingerprint.covers },
      });
    },
    async manifestIdByHash(hash) {
      return (await index.findByHash(hash))?.manifestId ?? null;
    },
    async lookup(bytes, hash, kind) {
      const exact = await index.findByHash(hash);
      if (exact) return { ...exact, method: 'exact-hash', similarity: 100 };
      if (kind !== 'image') return null;
      const fingerprint = await fingerprintImage(bytes);
      if (!fingerprint) return null;
      return (await byBinding(fingerprint.alg, fingerprint.digest, 1))[0] ?? null;
    },
    matchesByBinding: byBinding,
    async matchesByContent(bytes, maxResults) {
      const exact = await index.findByHash(sha256(bytes));
      const fingerprint = await fingerprintImage(bytes);
      const near = fingerprint ? await byBinding(fingerprint.alg, fingerprint.digest, maxResults) : [];
      const matches: RepositoryMatch[] = exact ? [{ ...exact, method: 'exact-hash', similarity: 100 }] : [];
      for (const match of near) if (!matches.some((m) => m.manifestId === match.manifestId)) matches.push(match);
      return matches.slice(0, maxResults);
    },
  };
}
