// Growing delays after repeated failures of one subject (a client address trying one account's
// password). The first few failures cost nothing; after them each further attempt must wait twice as
// long as the one before, up to a ceiling, and a success clears the streak. Streaks live in the
// rate-limit counters table (so every server copy sees them and the housekeeping prune forgets them):
// `count` is the number of failures and `window_start` the time of the latest one.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

export interface GrowingDelayRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** Wait after the first failure past the free ones; it doubles with every further failure. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** A streak with no new failure for this long is forgotten (at most the prune's longest window). */
  forgetAfterSeconds: number;
}

export interface FailureStreaks {
  /** Seconds the next attempt for `key` must still wait; 0 when it may go ahead. */
  waitSeconds(key: string, rule: GrowingDelayRule): Promise<number>;
  recordFailure(key: string, rule: GrowingDelayRule): Promise<void>;
  clear(key: string): Promise<void>;
}

/** The wait that `failures` failures in a row impose after the latest one. */
export function delayAfterFailures(failures: number, rule: GrowingDelayRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

export function createFailureStreaks(db: Db, clock: () => Date = () => new Date()): FailureStreaks {
  return {
    async waitSeconds(key, rule) {
      const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)).limit(1);
      if (!row) return 0;
      const sinceLatest = (clock().getTime() - row.windowStart.getTime()) / 1000;
      if (sinceLatest >= rule.forgetAfterSeconds) return 0;
      const remaining = delayAfterFailures(row.count, rule) - sinceLatest;
      return remaining > 0 ? Math.ceil(remaining) : 0;
    },
    async recordFailure(key, rule) {
      const now = clock();
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const forgottenBefore = sql`${new Date(now.getTime() - rule.forgetAfterSeconds * 1000).toISOString()}::timestamptz`;
      await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.windowStart} <= ${forgottenBefore} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowStart: nowSql,
          },
        });
    },
    async clear(key) {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    },
  };
}
