// Database access for batch jobs and their items. The one rule that matters here: an item is finished
// (its result or error written, the job's counts moved on) in one transaction that only applies
// while the item is still queued, so a redelivered queue task never finishes an item twice, and the
// transaction that finishes the last item is the one that completes the job.
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TJobStatus, TJobType } from '@provenance/contracts';
import type { Db } from '../../db/create-db.ts';
import { batchJobItems, batchJobs } from '../../db/schema/jobs.ts';

export type JobRow = typeof batchJobs.$inferSelect;

export interface ItemFailure {
  code: string;
  message: string;
}

export interface NewJobItem {
  assetUrl: string;
  metadata?: unknown;
}

/** An item with what processing it needs to know of its job. */
export interface ItemToRun {
  jobId: string;
  index: number;
  assetUrl: string;
  metadata: unknown;
  status: 'queued' | 'done' | 'failed';
  type: TJobType;
  userId: string;
}

export interface FinishedItem {
  index: number;
  assetUrl: string;
  status: 'done' | 'failed';
  /** JSON text of the item's answer, when done. */
  result: string | null;
  error: ItemFailure | null;
}

/** An item as a page of the job lists it, finished or not. */
export interface StoredItem {
  index: number;
  assetUrl: string;
  status: 'queued' | 'done' | 'failed';
  result: string | null;
  error: ItemFailure | null;
}

export type ItemOutcome = { status: 'done'; result: string } | { status: 'failed'; error: ItemFailure };

/** What storing a new job came to: stored behind `queuedBefore` items of the account, or refused at its bound. */
export type JobAdmission = { stored: true; queuedBefore: number } | { stored: false; queued: number };

export interface JobStore {
  /**
   * Stores the job and its items unless the account's items still waiting (queued or running, of its
   * unfinished jobs) would then pass `maxQueued`; checked and stored under a per-account lock, so two
   * requests at once cannot both slip under it. Without `maxQueued`, no bound.
   */
  create(job: { id: string; userId: string; type: TJobType }, items: NewJobItem[], maxQueued?: number): Promise<JobAdmission>;
  /** Items of the account's unfinished jobs created before this one that still wait: the job's place in its account's line. */
  queuedBefore(jobId: string): Promise<number>;
  markEnqueued(jobId: string): Promise<void>;
  /** Jobs created before `before` whose items were never put on the queue (a crash right after creating them). */
  listUnqueued(before: Date): Promise<Array<{ id: string; total: number }>>;
  /** Indexes of a job's items still queued. */
  queuedIndexes(jobId: string): Promise<number[]>;
  find(userId: string, jobId: string): Promise<JobRow | null>;
  list(userId: string, limit: number): Promise<JobRow[]>;
  /** Finished items after `afterIndex`, in index order. */
  finishedItems(jobId: string, afterIndex: number, limit: number): Promise<FinishedItem[]>;
  item(jobId: string, index: number): Promise<ItemToRun | null>;
  /** Items from index `from` on (queued ones too), at most `limit`, in index order. */
  itemsFrom(jobId: string, from: number, limit: number): Promise<StoredItem[]>;
  markRunning(jobId: string): Promise<void>;
  /** Counts an attempt that ended in a retryable error; the attempts so far, or null when the item is no longer queued. */
  countFailedAttempt(jobId: string, index: number): Promise<number | null>;
  /** Finishes a queued item; null when it was finished already. `completed` is true for the call that finished the job. */
  finish(jobId: string, index: number, outcome: ItemOutcome): Promise<{ job: JobRow; completed: boolean } | null>;
  /** Records that job.completed was emitted for the job. */
  markAnnounced(jobId: string): Promise<void>;
  /** Jobs finished before `before` whose job.completed was never emitted (a crash right after their last item). */
  listUnannounced(before: Date): Promise<JobRow[]>;
}

const INSERT_CHUNK = 1_000;

/** Items not yet finished, summed over jobs (the counts move on in each item's finishing transaction). */
const waiting = sql<number>`coalesce(sum(${batchJobs.total} - ${batchJobs.done} - ${batchJobs.failed}), 0)::int`;

export function createJobStore(db: Db, clock: () => Date = () => new Date()): JobStore {
  const ofItem = (jobId: string, index: number) => and(eq(batchJobItems.jobId, jobId), eq(batchJobItems.index, index));
  return {
    async create(job, items, maxQueued = Number.POSITIVE_INFINITY) {
      return db.transaction(async (tx): Promise<JobAdmission> => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`batch-jobs:${job.userId}`}))`);
        const [row] = await tx.select({ queued: waiting }).from(batchJobs).where(and(eq(batchJobs.userId, job.userId), isNull(batchJobs.completedAt)));
        const queued = row?.queued ?? 0;
        if (queued + items.length > maxQueued) return { stored: false, queued };
        await tx.insert(batchJobs).values({ id: job.id, userId: job.userId, type: job.type, total: items.length, createdAt: clock() });
        for (let start = 0; start < items.length; start += INSERT_CHUNK) {
          await tx.insert(batchJobItems).values(
            items.slice(start, start + INSERT_CHUNK).map((item, offset) => ({ jobId: job.id, index: start + offset, assetUrl: item.assetUrl, metadata: item.metadata ?? null })),
          );
        }
        return { stored: true, queuedBefore: queued };
      });
    },
    async queuedBefore(jobId) {
      const [job] = await db.select({ userId: batchJobs.userId, createdAt: batchJobs.createdAt }).from(batchJobs).where(eq(batchJobs.id, jobId)).limit(1);
      if (!job) return 0;
      const [row] = await db
        .select({ queued: waiting })
        .from(batchJobs)
        .where(and(eq(batchJobs.userId, job.userId), isNull(batchJobs.completedAt), lt(batchJobs.createdAt, job.createdAt)));
      return row?.queued ?? 0;
    },
    async markEnqueued(jobId) {
      await db.update(batchJobs).set({ enqueuedAt: clock() }).where(eq(batchJobs.id, jobId));
    },
    async listUnqueued(before) {
      return db.select({ id: batchJobs.id, total: batchJobs.total }).from(batchJobs).where(and(isNull(batchJobs.enqueuedAt), lt(batchJobs.createdAt, before))).limit(100);
    },
    async queuedIndexes(jobId) {
      const rows = await db.select({ index: batchJobItems.index }).from(batchJobItems).where(and(eq(batchJobItems.jobId, jobId), eq(batchJobItems.status, 'queued'))).orderBy(asc(batchJobItems.index));
      return rows.map((row) => row.index);
    },
    async find(userId, jobId) {
      const [row] = await db.select().from(batchJobs).where(and(eq(batchJobs.id, jobId), eq(batchJobs.userId, userId))).limit(1);
      return row ?? null;
    },
    async list(userId, limit) {
      return db.select().from(batchJobs).where(eq(batchJobs.userId, userId)).orderBy(desc(batchJobs.createdAt), desc(batchJobs.id)).limit(limit);
    },
    async finishedItems(jobId, afterIndex, limit) {
      const rows = await db
        .select({ index: batchJobItems.index, assetUrl: batchJobItems.assetUrl, status: batchJobItems.status, result: batchJobItems.result, error: batchJobItems.error })
        .from(batchJobItems)
        .where(and(eq(batchJobItems.jobId, jobId), gt(batchJobItems.index, afterIndex), inArray(batchJobItems.status, ['done', 'failed'])))
        .orderBy(asc(batchJobItems.index))
        .limit(limit);
      return rows.map((row) => ({ ...row, status: row.status as 'done' | 'failed', error: row.error ?? null }));
    },
    async itemsFrom(jobId, from, limit) {
      // Indexes run from 0 without gaps: the page is a range of the primary key.
      const rows = await db
        .select({ index: batchJobItems.index, assetUrl: batchJobItems.assetUrl, status: batchJobItems.status, result: batchJobItems.result, error: batchJobItems.error })
        .from(batchJobItems)
        .where(and(eq(batchJobItems.jobId, jobId), gte(batchJobItems.index, from), lt(batchJobItems.index, from + limit)))
        .orderBy(asc(batchJobItems.index));
      return rows.map((row) => ({ ...row, error: row.error ?? null }));
    },
    async item(jobId, index) {
      const [row] = await db
        .select({ jobId: batchJobItems.jobId, index: batchJobItems.index, assetUrl: batchJobItems.assetUrl, metadata: batchJobItems.metadata, status: batchJobItems.status, type: batchJobs.type, userId: batchJobs.userId })
        .from(batchJobItems)
        .innerJoin(batchJobs, eq(batchJobs.id, batchJobItems.jobId))
        .where(ofItem(jobId, index))
        .limit(1);
      return row ?? null;
    },
    async markRunning(jobId) {
      await db.update(batchJobs).set({ status: 'running', startedAt: clock() }).where(and(eq(batchJobs.id, jobId), eq(batchJobs.status, 'queued')));
    },
    async countFailedAttempt(jobId, index) {
      const [row] = await db
        .update(batchJobItems)
        .set({ attempts: sql`${batchJobItems.attempts} + 1` })
        .where(and(ofItem(jobId, index), eq(batchJobItems.status, 'queued')))
        .returning({ attempts: batchJobItems.attempts });
      return row?.attempts ?? null;
    },
    async finish(jobId, index, outcome) {
      const at = clock();
      const atSql = sql`${at.toISOString()}::timestamptz`;
      return db.transaction(async (tx) => {
        const finished = await tx
          .update(batchJobItems)
          .set({
            status: outcome.status,
            result: outcome.status === 'done' ? outcome.result : null,
            error: outcome.status === 'failed' ? outcome.error : null,
            finishedAt: at,
          })
          .where(and(ofItem(jobId, index), eq(batchJobItems.status, 'queued')))
          .returning({ index: batchJobItems.index });
        if (finished.length === 0) return null;
        const doneStep = outcome.status === 'done' ? 1 : 0;
        // Column references in SET read the row as it was before this update (after any concurrent
        // update it waited for), so exactly one finishing transaction sees the last item go.
        const last = sql`${batchJobs.done} + ${batchJobs.failed} + 1 >= ${batchJobs.total}`;
        const [job] = await tx
          .update(batchJobs)
          .set({
            done: sql`${batchJobs.done} + ${doneStep}`,
            failed: sql`${batchJobs.failed} + ${1 - doneStep}`,
            status: sql<TJobStatus>`case when ${last} then (case when ${batchJobs.done} + ${doneStep} > 0 then 'completed' else 'failed' end) else 'running' end`,
            startedAt: sql`coalesce(${batchJobs.startedAt}, ${atSql})`,
            completedAt: sql`case when ${last} then ${atSql} else null end`,
          })
          .where(eq(batchJobs.id, jobId))
          .returning();
        if (!job) return null;
        return { job, completed: job.completedAt !== null };
      });
    },
    async markAnnounced(jobId) {
      await db.update(batchJobs).set({ completionAnnouncedAt: clock() }).where(and(eq(batchJobs.id, jobId), isNull(batchJobs.completionAnnouncedAt)));
    },
    async listUnannounced(before) {
      return db
        .select()
        .from(batchJobs)
        .where(and(isNotNull(batchJobs.completedAt), isNull(batchJobs.completionAnnouncedAt), lt(batchJobs.completedAt, before)))
        .orderBy(asc(batchJobs.completedAt))
        .limit(100);
    },
  };
}
