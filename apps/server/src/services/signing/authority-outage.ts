// A time-stamping authority that just failed a signing is taken as down, on this copy, for a short
// while: signings meanwhile go on without asking it (their timestamps pending, added later by
// services/timestamps/), rather than each one waiting for it to fail again (up to the fetcher's
// 10 s for an authority that does not answer at all).
export interface AuthorityOutage {
  /** The authority failed within the quiet period: do not ask it now. */
  isDown(): boolean;
  /** It failed just now. */
  failed(): void;
}

export const AUTHORITY_QUIET_SECONDS = 30;

export function createAuthorityOutage(options: { quietSeconds?: number; clock?: () => Date } = {}): AuthorityOutage {
  const quietMs = (options.quietSeconds ?? AUTHORITY_QUIET_SECONDS) * 1000;
  const now = options.clock ?? (() => new Date());
  let downUntil = 0;
  return {
    isDown: () => now().getTime() < downUntil,
    failed() {
      downUntil = now().getTime() + quietMs;
    },
  };
}
