// Remembers verification results by the asset's SHA-256 and the trust store's version, so the same
// asset verified again (the CDN case) costs a hash and a lookup. Bounded in entries and in bytes,
// least recently used first out; entries expire because a verdict depends on time as well as on
// bytes and anchors: never later than the earliest notAfter in the verdict's signer chains (an
// untimestamped signature stops validating then) nor than the OCSP answer it rests on.
import type { SerializedVerification } from '@provenance/engine';

export interface VerificationCache {
  get(key: string): SerializedVerification | undefined;
  /** `expiresAt` (ms): an earlier end than the cache's own, such as the nextUpdate of the OCSP answer the verdict rests on. */
  set(key: string, verification: SerializedVerification, expiresAt?: number): void;
  /** Forgets every verdict: a certificate the gateway issued was revoked, and any of them may rest on it. */
  clear(): void;
  readonly size: number;
}

export function createVerificationCache(options: { maxEntries: number; maxBytes: number; ttlMs: number; clock?: () => number }): VerificationCache {
  const now = options.clock ?? Date.now;
  const entries = new Map<string, { verification: SerializedVerification; bytes: number; expiresAt: number }>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        drop(key);
        return undefined;
      }
      // Re-insert: Map order is the recency order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.verification;
    },
    set(key, verification, expiresAt) {
      drop(key);
      // Reports with thumbnails can be large; what is held is essentially the JSON.
      const bytes = verification.json.length;
      const ends = Math.min(now() + options.ttlMs, expiresAt ?? Number.POSITIVE_INFINITY, verification.certificatesEnd ?? Number.POSITIVE_INFINITY);
      if (bytes > options.maxBytes || ends <= now()) return;
      entries.set(key, { verification, bytes, expiresAt: ends });
      totalBytes += bytes;
      while (entries.size > options.maxEntries || totalBytes > options.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
