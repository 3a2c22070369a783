// The OCSP answers the gateway's responder keeps for requests without a nonce (the GET form, and
// most validators' POSTs): the same bytes answer the same request until their nextUpdate, so a
// client repeating a request costs no query and no signature. Bounded; the oldest answer goes first.
// Cleared whenever a certificate is revoked, so a kept "good" never outlives a revocation.
import type { OcspAnswers } from '@provenance/engine';

export interface KeptOcspAnswers extends OcspAnswers {
  clear(): void;
  readonly size: number;
}

export function createOcspAnswers(options: { maxEntries: number; clock?: () => number }): KeptOcspAnswers {
  const now = options.clock ?? Date.now;
  const entries = new Map<string, { response: Uint8Array; expiresAt: number }>();
  return {
    get(requestKey) {
      const entry = entries.get(requestKey);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(requestKey);
        return undefined;
      }
      return entry.response;
    },
    set(requestKey, response, nextUpdate) {
      entries.delete(requestKey);
      entries.set(requestKey, { response, expiresAt: nextUpdate.getTime() });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
