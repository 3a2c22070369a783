// The order in which signings of the same content are credited: recovery names the earliest, so a
// second account that signs a first account's published photo never becomes its source. A signing
// whose manifest carries a trusted RFC 3161 timestamp is placed by that time, and before every signing
// that only claims a time (a claim is the signer's word; a trusted timestamp is a third party's);
// signings of the same kind rank by their time, then by when they were indexed, then by manifest ID.

export interface SigningTimes {
  manifestId: string;
  /** The time the manifest claims (the signer's clock). */
  signedAt: Date;
  /** The time its trusted RFC 3161 timestamp attests; null when it has none (or an untrusted one). */
  trustedTimestampAt: Date | null;
  /** When the gateway indexed it: a tie-breaker only. */
  indexedAt: Date;
}

/** The time a signing is ranked by. */
export const rankedTime = (signing: SigningTimes): Date => signing.trustedTimestampAt ?? signing.signedAt;

/** Negative when `a` is credited before `b`. */
export function compareSignings(a: SigningTimes, b: SigningTimes): number {
  const aTrusted = a.trustedTimestampAt !== null;
  const bTrusted = b.trustedTimestampAt !== null;
  if (aTrusted !== bTrusted) return aTrusted ? -1 : 1;
  return (
    rankedTime(a).getTime() - rankedTime(b).getTime() ||
    a.indexedAt.getTime() - b.indexedAt.getTime() ||
    (a.manifestId < b.manifestId ? -1 : a.manifestId > b.manifestId ? 1 : 0)
  );
}

/** The signings, earliest credited first (a new array). */
export function earliestFirst<T extends SigningTimes>(signings: readonly T[]): T[] {
  return [...signings].sort(compareSignings);
}
