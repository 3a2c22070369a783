// Fixed-window request counters that answer from memory and are shared by every server copy
// through the database in the background. A request never waits for the database: each copy counts
// locally, and every few seconds adds what it counted to one row per client and window
// (rate_limit_counters) and reads back the total of all copies. Copies therefore converge within
// one reconcile interval; until then a client may get up to (copies x interval) extra requests in,
// which is the price of keeping the database off the request path.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import type { Logger } from '../../logging/logger.ts';
import type { RateLimitDecision, RateLimitRule } from './rate-limiter.ts';

export interface SharedWindowCounter {
  /** Counts one request for `key` if it fits in the rule's current window; answers from memory. */
  take(key: string, rule: RateLimitRule): RateLimitDecision;
  /** Adds the local counts to the shared rows and reads the totals back (runs on its own timer too). */
  reconcile(): Promise<void>;
  /** Stops the timer after a last reconcile. */
  close(): Promise<void>;
}

interface WindowTally {
  /** Row key: the client key and the window's start. */
  rowKey: string;
  windowStart: number;
  windowEnd: number;
  /** Total of all copies at the last reconcile (our own sent counts included). */
  shared: number;
  /** Counted here and being added to the row right now. */
  sending: number;
  /** Counted here since the last reconcile started. */
  pending: number;
  /** Asked about since the last reconcile: its total is worth reading back even with nothing to add. */
  touched: boolean;
}

/** Rows per upsert statement, so one reconcile of many clients stays a few statements. */
const ROWS_PER_STATEMENT = 500;

export function createSharedWindowCounter(deps: { db: Db; clock?: () => Date; logger?: Logger; reconcileMs?: number }): SharedWindowCounter {
  const { db } = deps;
  const now = () => (deps.clock ?? (() => new Date()))().getTime();
  const reconcileMs = deps.reconcileMs ?? 2_000;
  const tallies = new Map<string, WindowTally>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  // The timer only runs while there is something to send, so an idle server (or a test) has none.
  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void reconcile();
    }, reconcileMs);
    timer.unref();
  };

  async function send(batch: WindowTally[]): Promise<void> {
    for (const tally of batch) {
      tally.sending = tally.pending;
      tally.pending = 0;
      tally.touched = false;
    }
    try {
      const rows = await db
        .insert(rateLimitCounters)
        .values(batch.map((tally) => ({ key: tally.rowKey, windowStart: new Date(tally.windowStart), count: tally.sending })))
        .onConflictDoUpdate({ target: rateLimitCounters.key, set: { count: sql`${rateLimitCounters.count} + excluded.count` } })
        .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
      const totals = new Map(rows.map((row) => [row.key, row.count]));
      for (const tally of batch) {
        tally.shared = totals.get(tally.rowKey) ?? tally.shared + tally.sending;
        tally.sending = 0;
      }
    } catch (error) {
      // Counted requests are kept and sent with the next reconcile; limits stay local meanwhile.
      for (const tally of batch) {
        tally.pending += tally.sending;
        tally.sending = 0;
      }
      deps.logger?.warn('shared rate-limit reconcile failed', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function reconcileOnce(): Promise<void> {
    const at = now();
    const due: WindowTally[] = [];
    for (const [id, tally] of tallies) {
      // A finished window no longer decides anything, here or on another copy.
      if (tally.windowEnd <= at) tallies.delete(id);
      // Adding 0 reads back what the other copies counted for a client this copy is still serving.
      else if (tally.pending > 0 || tally.touched) due.push(tally);
    }
    for (let start = 0; start < due.length; start += ROWS_PER_STATEMENT) await send(due.slice(start, start + ROWS_PER_STATEMENT));
    if ([...tallies.values()].some((tally) => tally.pending > 0 || tally.touched)) schedule();
  }

  function reconcile(): Promise<void> {
    running ??= reconcileOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    take(key, rule) {
      const at = now();
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const id = `${key}@${windowStart}`;
      let tally = tallies.get(id);
      if (!tally) {
        tally = { rowKey: `window:${id}`, windowStart, windowEnd: windowStart + windowMs, shared: 0, sending: 0, pending: 0, touched: false };
        tallies.set(id, tally);
      }
      tally.touched = true;
      schedule();
      if (tally.shared + tally.sending + tally.pending >= rule.limit) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((tally.windowEnd - at) / 1000)) };
      }
      tally.pending += 1;
      return { allowed: true };
    },
    reconcile,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // The first call may join a reconcile that started before the last requests were counted.
      await reconcile();
      await reconcile();
    },
  };
}
