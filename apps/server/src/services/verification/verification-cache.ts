// Remembers verification results by the asset's SHA-256 and the trust store's version, so the same
// asset verified again (the CDN case) costs a hash and a lookup. Bounded in entries and in bytes,
// least recently used first out; entries expire because a verdict depends on time (certificate
// validity) as well as on bytes and anchors.
import type { VerifyResponse } from '@provenance/engine';

export interface VerificationCache {
  get(key: string): VerifyResponse | undefined;
  set(key: string, response: VerifyResponse): void;
  readonly size: number;
}

export function createVerificationCache(options: { maxEntries: number; maxBytes: number; ttlMs: number; clock?: () => number }): VerificationCache {
  const now = options.clock ?? Date.now;
  const entries = new Map<string, { response: VerifyResponse; bytes: number; expiresAt: number }>();
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
      return entry.response;
    },
    set(key, response) {
      drop(key);
      // Reports with thumbnails can be large; the JSON length is a fair measure of what is held.
      const bytes = JSON.stringify(response).length;
      if (bytes > options.maxBytes) return;
      entries.set(key, { response, bytes, expiresAt: now() + options.ttlMs });
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
