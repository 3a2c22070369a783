// OCSP answers by credential (issuer and serial number), kept until their nextUpdate: a signer's
// status is asked once per answer period, not once per verification. Bounded; the oldest answer
// goes first.
import type { OcspAnswerCache } from '@provenance/engine';

export function createOcspAnswerCache(options: { maxEntries: number; clock?: () => number }): OcspAnswerCache & { readonly size: number } {
  const now = options.clock ?? Date.now;
  const entries = new Map<string, Parameters<OcspAnswerCache['set']>[1]>();
  return {
    get(key) {
      const answer = entries.get(key);
      if (answer && answer.nextUpdate && Date.parse(answer.nextUpdate) <= now()) {
        entries.delete(key);
        return undefined;
      }
      return answer;
    },
    set(key, answer) {
      entries.delete(key);
      entries.set(key, answer);
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
