// Fixed-window rate limits kept in the database, so every server copy counts against the same
// numbers. One atomic upsert per attempt: it starts a new window or increments the current one.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one attempt for `key` and says whether it is within the rule. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Drops counters whose window ended before `now` (housekeeping). */
  prune(now: Date, maxWindowSeconds: number): Promise<void>;
}

export function createRateLimiter(db: Db, clock: () => Date = () => new Date()): RateLimiter {
  return {
    async hit(key, rule) {
      const now = clock();
      // Timestamps go to SQL as ISO text with a cast, which both drivers pass through the same way.
      const windowEndsBefore = sql`${new Date(now.getTime() - rule.windowSeconds * 1000).toISOString()}::timestamptz`;
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndsBefore} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndsBefore} then ${nowSql} else ${rateLimitCounters.windowStart} end`,
          },
        })
        .returning();
      if (!row) throw new Error('Rate limit upsert returned no row');
      if (row.count <= rule.limit) return { allowed: true };
      const resetAt = row.windowStart.getTime() + rule.windowSeconds * 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)) };
    },
    async prune(now, maxWindowSeconds) {
      const cutoff = new Date(now.getTime() - maxWindowSeconds * 1000);
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.windowStart} < ${cutoff.toISOString()}::timestamptz`);
    },
  };
}
