// Remembers verification results by the asset's SHA-256 and the trust store's version, so the same
// asset verified again (the CDN case) costs a hash and a lookup. Bounded in entries and in bytes,
// least recently used first out; entries expire because a verdict depends on time (certificate
// validity) as well as on bytes and anchors.
import type { SerializedVerification } from '@provenance/engine';

export interface VerificationCache {
  get(key: string): SerializedVerification | undefined;
  set(key: string, verification: SerializedVerification): void;
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
    set(key, verification) {
      drop(key);
      // Reports with thumbnails can be large; what is held is essentially the JSON.
      const bytes = verification.json.length;
      if (bytes > options.maxBytes) return;
      entries.set(key, { verification, bytes, expiresAt: now() + options.ttlMs });
      totalBytes += bytes;
      while (entries.size > options.maxEntries || totalBytes > options.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
