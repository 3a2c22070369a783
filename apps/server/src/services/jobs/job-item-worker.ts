// Processes batch-job items from the work queue (pg-boss): one queue task per item, claimed by one
// worker of one server copy. Each item is tried at most `maxAttempts` times for errors that may pass
// (with pg-boss's exponential backoff between tries) and ends done (processed, whatever its verdict)
// or failed with its reason; the store's finishing transaction makes a redelivery a no-op.
//
// Expiry stands for a crashed copy: a queue task still active after `itemTimeoutSeconds` is handed
// out again by pg-boss. Those hand-outs are not counted as the item's attempts (only errors are,
// in job_items.attempts); pg-boss's own retry limit is set far above them and sends an item that
// keeps being cut off to a dead-letter queue, which fails it with its reason.
//
// Accounts share the workers. Each item's queue priority is its place in its account's line (the
// account's items waiting before it, counted when its job was stored), and pg-boss hands out the
// highest priority first: accounts' items are taken in turn, so another account's one item does not
// wait behind a flood. And one account runs at most `concurrency - 1` items at once on a copy (1 when
// the copy runs 1 or 2), so however slow its items are, a worker is free for another account's: an
// item fetched over that share goes back on the queue, with its priority, for a moment.
import type PgBoss from 'pg-boss';
import type { TaskQueue, QueueTask } from '../../queue/task-queue.ts';
import type { Logger } from '../../logging/logger.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import { classifyItemFailure } from './item-failure.ts';
import type { JobItemRunner } from './job-item-runner.ts';
import type { ItemOutcome, ItemToRun, JobRow, JobStore } from './job-store.ts';

export const JOB_ITEMS_QUEUE = 'batch-job-items';
export const ABANDONED_JOB_ITEMS_QUEUE = 'batch-job-items-abandoned';
export const UNQUEUED_JOBS_QUEUE = 'batch-jobs-requeue';

export interface JobItemMessage {
  jobId: string;
  index: number;
}

export interface JobProcessingSettings {
  /** Items processed at once by this server copy (JOB_CONCURRENCY). */
  concurrency: number;
  /** An item still running after this long is taken to be lost with its copy and handed out again (JOB_ITEM_TIMEOUT_SECONDS). */
  itemTimeoutSeconds: number;
  /** Tries of an item whose errors may pass, before it is failed. */
  maxAttempts: number;
  /** The first retry's delay; each next one doubles (with jitter). */
  retryDelaySeconds: number;
  /** Items one account may have waiting (queued or running) across its jobs; a job that would pass it is refused (JOB_MAX_QUEUED_ITEMS). */
  maxQueuedItems: number;
}

export const DEFAULT_JOB_PROCESSING: JobProcessingSettings = { concurrency: 2, itemTimeoutSeconds: 60, maxAttempts: 3, retryDelaySeconds: 5, maxQueuedItems: 20_000 };

/** How long an item fetched over its account's share waits before it is handed out again. */
const DEFER_SECONDS = 1;

/** Items of one account a copy runs at once: all but one of its workers, so one is always free for another account. */
export function accountShare(concurrency: number): number {
  return Math.max(1, concurrency - 1);
}

/** A worker keeps fetching the next item for this long before it hands back to pg-boss's loop, which would otherwise pause between items. */
const DRAIN_MS = 2_000;
/** Hand-outs (errors and expiries together) after which pg-boss gives an item up to the dead-letter queue. */
const QUEUE_RETRY_LIMIT = 25;

export interface JobItemWorker {
  /**
   * Puts items on the queue, with the retry and expiry policy in force; `queuedBefore` is how many
   * of the account's items wait ahead of the job (their turn comes first among the account's).
   */
  enqueue(jobId: string, indexes: number[], queuedBefore: number): Promise<void>;
}

export function startJobItemWorker(deps: {
  queue: TaskQueue;
  store: JobStore;
  runner: JobItemRunner;
  accountEvents: AccountEvents;
  logger: Logger;
  settings: JobProcessingSettings;
}): JobItemWorker {
  const { queue, store, runner, accountEvents, logger, settings } = deps;
  const policy = { retryLimit: QUEUE_RETRY_LIMIT, retryDelay: settings.retryDelaySeconds, retryBackoff: true, expireInSeconds: settings.itemTimeoutSeconds };

  /**
   * Emits job.completed for a finished job, then records that it was, once every listener took it
   * (its webhook deliveries logged and queued): otherwise the requeue pass emits it again, and the
   * listeners, keyed by the event's ID, take it once.
   */
  async function announce(job: JobRow): Promise<void> {
    const emitted = await accountEvents.emit({
      type: 'job.completed',
      accountId: job.userId,
      data: { id: job.id, type: job.type, status: job.status, total: job.total, done: job.done, failed: job.failed, createdAt: job.createdAt.toISOString(), completedAt: job.completedAt?.toISOString() ?? null },
      occurredAt: job.completedAt ?? new Date(),
      eventId: `job.completed:${job.id}`,
    });
    if (!emitted) {
      logger.warn('job.completed did not reach every listener: it is emitted again on the next requeue pass', { jobId: job.id });
      return;
    }
    await store.markAnnounced(job.id);
  }

  async function finish(item: ItemToRun, outcome: ItemOutcome): Promise<void> {
    const finished = await store.finish(item.jobId, item.index, outcome);
    if (!finished?.completed) return;
    const { job } = finished;
    logger.info('batch job completed', { jobId: job.id, type: job.type, status: job.status, total: job.total, done: job.done, failed: job.failed });
    // Decided by the transaction that finished the last item: one emission, whichever copy ran it.
    // A crash before it is recorded leaves the job to the requeue pass, which emits it then.
    await announce(job);
  }

  /** Items running on this copy, by account. */
  const running = new Map<string, number>();
  const share = accountShare(settings.concurrency);

  /** Runs one item; says whether its queue task is settled, should be retried, or waits for its account's share. */
  async function processItem(message: JobItemMessage): Promise<'settled' | 'retry' | 'deferred'> {
    const item = await store.item(message.jobId, message.index);
    if (!item || item.status !== 'queued') return 'settled';
    const held = running.get(item.userId) ?? 0;
    if (held >= share) return 'deferred';
    running.set(item.userId, held + 1);
    try {
      return await runItem(item);
    } finally {
      const left = (running.get(item.userId) ?? 1) - 1;
      if (left > 0) running.set(item.userId, left);
      else running.delete(item.userId);
    }
  }

  async function runItem(item: ItemToRun): Promise<'settled' | 'retry'> {
    const startedAt = Date.now();
    await store.markRunning(item.jobId);
    let outcome: ItemOutcome;
    try {
      outcome = { status: 'done', result: await runner.run(item, startedAt) };
    } catch (error) {
      const failure = classifyItemFailure(error);
      if (failure.code === 'internal_error') logger.error('a batch job item failed', { jobId: item.jobId, index: item.index, error: error instanceof Error ? error.message : String(error) });
      if (failure.retryable) {
        const attempts = await store.countFailedAttempt(item.jobId, item.index);
        if (attempts === null) return 'settled';
        if (attempts < settings.maxAttempts) return 'retry';
      }
      outcome = { status: 'failed', error: { code: failure.code, message: failure.message } };
    }
    await finish(item, outcome);
    return 'settled';
  }

  const isMessage = (data: unknown): data is JobItemMessage =>
    typeof data === 'object' && data !== null && typeof (data as JobItemMessage).jobId === 'string' && Number.isInteger((data as JobItemMessage).index);

  /**
   * Processes a queue task and settles it with pg-boss: completed, failed to be retried after its
   * backoff, or (over its account's share) sent again a moment later with its priority, the copy
   * queued before the original is completed so that a crash in between leaves two (a no-op), never none.
   * Says whether it was deferred.
   */
  async function settle(task: QueueTask<JobItemMessage>): Promise<boolean> {
    const boss = await queue.boss();
    let verdict: 'settled' | 'retry' | 'deferred' = 'settled';
    try {
      if (isMessage(task.data)) verdict = await processItem(task.data);
      else logger.warn('a malformed batch job item message was dropped', { id: task.id });
    } catch (error) {
      // The database failed us, not the item: tried again without counting as the item's attempt.
      logger.error('a batch job item could not be recorded', { id: task.id, error: error instanceof Error ? error.message : String(error) });
      verdict = 'retry';
    }
    if (verdict === 'deferred') {
      const priority = (task as Partial<PgBoss.JobWithMetadata<JobItemMessage>>).priority ?? 0;
      await queue.insert<JobItemMessage>(JOB_ITEMS_QUEUE, [{ data: task.data, ...policy, deadLetter: ABANDONED_JOB_ITEMS_QUEUE, priority, startAfter: new Date(Date.now() + DEFER_SECONDS * 1000) }]);
    }
    if (verdict === 'retry') await boss.fail(JOB_ITEMS_QUEUE, task.id, { message: 'retrying' });
    else await boss.complete(JOB_ITEMS_QUEUE, task.id);
    return verdict === 'deferred';
  }

  queue.define<JobItemMessage>({
    queue: ABANDONED_JOB_ITEMS_QUEUE,
    handler: async (tasks) => {
      for (const task of tasks) {
        if (!isMessage(task.data)) continue;
        const item = await store.item(task.data.jobId, task.data.index);
        if (item?.status !== 'queued') continue;
        await finish(item, { status: 'failed', error: { code: 'item_abandoned', message: `The item was handed out ${QUEUE_RETRY_LIMIT + 1} times without finishing (its server copy stopped, or it ran past ${settings.itemTimeoutSeconds} s)` } });
      }
    },
  });
  queue.define<JobItemMessage>({
    queue: JOB_ITEMS_QUEUE,
    options: { ...policy, deadLetter: ABANDONED_JOB_ITEMS_QUEUE },
    // With their metadata: a deferred item is sent again with its priority.
    work: { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
    concurrency: settings.concurrency,
    handler: async (tasks) => {
      // pg-boss waits its polling interval after each fetch; going straight on to the next item while
      // there is one keeps a busy queue moving at the speed of the work. Not after deferring one: the
      // next fetched would most likely be the same account's, deferred too.
      const boss = await queue.boss();
      const until = Date.now() + DRAIN_MS;
      let batch = tasks;
      while (batch.length > 0) {
        let deferred = false;
        for (const task of batch) deferred = (await settle(task)) || deferred;
        if (deferred || Date.now() > until) break;
        batch = await boss.fetch<JobItemMessage>(JOB_ITEMS_QUEUE, { batchSize: 1, includeMetadata: true });
      }
    },
  });

  const worker: JobItemWorker = {
    async enqueue(jobId, indexes, queuedBefore) {
      for (let start = 0; start < indexes.length; start += 1_000) {
        await queue.insert<JobItemMessage>(
          JOB_ITEMS_QUEUE,
          // The account's nth waiting item gets priority -n: pg-boss takes the highest first, so each
          // account's first waiting item comes before any account's second.
          indexes.slice(start, start + 1_000).map((index, offset) => ({ data: { jobId, index }, ...policy, deadLetter: ABANDONED_JOB_ITEMS_QUEUE, priority: -(queuedBefore + start + offset) })),
        );
      }
      await store.markEnqueued(jobId);
    },
  };

  // A crash between storing a job and queueing its items leaves it unqueued, and one between
  // finishing its last item and emitting job.completed leaves it unannounced: every minute, once
  // across all copies, such jobs older than a minute are queued (a duplicate message is a no-op) or
  // announced.
  queue.define({
    queue: UNQUEUED_JOBS_QUEUE,
    handler: async () => {
      const aMinuteAgo = new Date(Date.now() - 60_000);
      for (const job of await store.listUnqueued(aMinuteAgo)) {
        await worker.enqueue(job.id, await store.queuedIndexes(job.id), await store.queuedBefore(job.id));
        logger.warn('queued the items of a job left unqueued', { jobId: job.id, total: job.total });
      }
      for (const job of await store.listUnannounced(aMinuteAgo)) {
        logger.warn('announcing a job whose completion was not announced', { jobId: job.id });
        await announce(job);
      }
    },
  });
  queue.schedule({ queue: UNQUEUED_JOBS_QUEUE, cron: '* * * * *' });
  return worker;
}
