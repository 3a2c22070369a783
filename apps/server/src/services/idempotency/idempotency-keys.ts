// Idempotency-Key answers: the first request with a key claims a row, does the work and stores its
// answer; a replay by the same account within 24 hours gets that answer back without the work being
// done again, and the same key with another request is refused. The claim is a row inserted first,
// so two concurrent requests with one key (on one server copy or two) do the work once.
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { idempotencyKeys } from '../../db/schema/jobs.ts';
import type { Logger } from '../../logging/logger.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';

/** An answer as it was sent: replayed byte for byte. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  /** The first request's answer. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key was used with another request. */
  | { kind: 'mismatch' }
  /** The first request with this key is still being worked on. */
  | { kind: 'in_progress' };

export interface IdempotencyKeys {
  claim(userId: string, key: string, fingerprint: string): Promise<IdempotencyClaim>;
  /** Stores the answer of a claimed key. */
  complete(userId: string, key: string, answer: StoredAnswer): Promise<void>;
  /** Gives a claimed key up (the work failed in a way worth retrying): the next request does the work. */
  release(userId: string, key: string): Promise<void>;
  /** Removes expired keys; returns how many. */
  sweep(): Promise<number>;
}

export const IDEMPOTENCY_KEY_HOURS = 24;
/** A pending claim this old was left by a crash (no request takes this long) and may be taken over. */
const ABANDONED_CLAIM_SECONDS = 5 * 60;
export const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-keys-sweep';

export function createIdempotencyKeys(deps: { db: Db; queue: TaskQueue; logger: Logger; clock?: (() => Date) | undefined }): IdempotencyKeys {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const ofKey = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  const keys: IdempotencyKeys = {
    async claim(userId, key, fingerprint) {
      // Twice at most: an expired row found on the first pass is removed and the key claimed anew.
      for (let pass = 0; pass < 2; pass += 1) {
        const at = now();
        const inserted = await db
          .insert(idempotencyKeys)
          .values({ userId, key, fingerprint, state: 'pending', claimedAt: at, createdAt: at, expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_HOURS * 3600_000) })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length > 0) return { kind: 'claimed' };
        const [row] = await db.select().from(idempotencyKeys).where(ofKey(userId, key)).limit(1);
        if (!row) continue;
        if (row.expiresAt <= at) {
          await db.delete(idempotencyKeys).where(and(ofKey(userId, key), lt(idempotencyKeys.expiresAt, at)));
          continue;
        }
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.state === 'done') return { kind: 'replay', answer: { status: row.responseStatus ?? 200, contentType: row.responseType ?? 'application/json', body: row.responseBody ?? '' } };
        if (row.claimedAt.getTime() > at.getTime() - ABANDONED_CLAIM_SECONDS * 1000) return { kind: 'in_progress' };
        // Taken over from a copy that crashed mid-request: only one taker wins the update.
        const taken = await db
          .update(idempotencyKeys)
          .set({ claimedAt: at })
          .where(and(ofKey(userId, key), eq(idempotencyKeys.state, 'pending'), eq(idempotencyKeys.claimedAt, row.claimedAt)))
          .returning({ key: idempotencyKeys.key });
        return taken.length > 0 ? { kind: 'claimed' } : { kind: 'in_progress' };
      }
      return { kind: 'in_progress' };
    },
    async complete(userId, key, answer) {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', responseStatus: answer.status, responseType: answer.contentType, responseBody: answer.body })
        .where(and(ofKey(userId, key), eq(idempotencyKeys.state, 'pending')));
    },
    async release(userId, key) {
      await db.delete(idempotencyKeys).where(and(ofKey(userId, key), eq(idempotencyKeys.state, 'pending')));
    },
    async sweep() {
      const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now())).returning({ key: idempotencyKeys.key });
      return removed.length;
    },
  };

  // Expired keys are removed hourly, once across all server copies.
  deps.queue.define({
    queue: IDEMPOTENCY_SWEEP_QUEUE,
    handler: async () => {
      const removed = await keys.sweep();
      if (removed > 0) deps.logger.info('expired idempotency keys removed', { removed });
    },
  });
  deps.queue.schedule({ queue: IDEMPOTENCY_SWEEP_QUEUE, cron: '17 * * * *' });
  return keys;
}
