// Batch jobs for the API: an account's list of verifications or signings of assets named by URL,
// accepted at once, run item by item on the work queue (job-item-worker.ts), read back for progress
// and streamed back as results. Another account's job does not exist for the caller.
import { randomUUID } from 'node:crypto';
import { MAX_JOB_ITEMS, type TJob, type TJobAccepted, type TJobItemPage, type TJobItemReport, type TJobType, type TSigningMetadata } from '@provenance/contracts';
import type { Db } from '../../db/create-db.ts';
import type { Logger } from '../../logging/logger.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import { DomainError } from '../domain-error.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { ContentSigner } from '../signing/sign-content.ts';
import type { SigningIdentities } from '../signing-identities/signing-identities.ts';
import type { ContentVerifier } from '../verification/verify-content.ts';
import { createJobItemRunner } from './job-item-runner.ts';
import { DEFAULT_JOB_PROCESSING, startJobItemWorker, type JobProcessingSettings } from './job-item-worker.ts';
import { itemAnswer, summarizeItem } from './job-item-summary.ts';
import { createJobStore, type FinishedItem, type JobRow } from './job-store.ts';

export interface NewBatchJob {
  type: TJobType;
  /** Validated already (contracts: ZJobItemRequest); a sign job's items carry their metadata. */
  items: Array<{ assetUrl: string; metadata?: TSigningMetadata | undefined }>;
  /** A sign job's name to sign under, as a signing request's `organization`. */
  organization?: string | undefined;
}

export interface BatchJobs {
  create(userId: string, job: NewBatchJob): Promise<TJobAccepted>;
  /** The account's jobs, newest first. */
  list(userId: string, limit: number): Promise<TJob[]>;
  get(userId: string, jobId: string): Promise<TJob>;
  /** The job's finished items in index order, read page by page as they are consumed. */
  results(userId: string, jobId: string): Promise<{ type: TJobType; items: AsyncIterable<FinishedItem> }>;
  /** A page of the job's items from index `from` (queued ones too), each with its verdict and reason in words, or its error. */
  itemPage(userId: string, jobId: string, from: number, limit: number): Promise<TJobItemPage>;
  /** One item with its whole verification, for its report. */
  itemReport(userId: string, jobId: string, index: number): Promise<TJobItemReport>;
}

const RESULTS_PAGE = 200;

/** Retry-After of a job refused because its account has too many items waiting. */
const QUEUE_FULL_RETRY_SECONDS = 60;

function toJob(row: JobRow): TJob {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export function createBatchJobs(deps: {
  db: Db;
  queue: TaskQueue;
  logger: Logger;
  accountEvents: AccountEvents;
  verifier: ContentVerifier;
  signer: ContentSigner;
  signedAssets: SignedAssets;
  /** A sign job is refused when created, not item by item, if the account has no name to sign under; absent, it is not checked. */
  identities?: Pick<SigningIdentities, 'requireSigningName'> | undefined;
  settings?: Partial<JobProcessingSettings> | undefined;
  clock?: (() => Date) | undefined;
}): BatchJobs {
  const store = createJobStore(deps.db, deps.clock);
  const settings = { ...DEFAULT_JOB_PROCESSING, ...deps.settings };
  const worker = startJobItemWorker({
    queue: deps.queue,
    store,
    runner: createJobItemRunner({ verifier: deps.verifier, signer: deps.signer, signedAssets: deps.signedAssets, itemTimeoutSeconds: settings.itemTimeoutSeconds }),
    accountEvents: deps.accountEvents,
    logger: deps.logger,
    settings,
  });

  async function owned(userId: string, jobId: string): Promise<JobRow> {
    const row = await store.find(userId, jobId);
    if (!row) throw DomainError.notFound(`No job ${jobId}`);
    return row;
  }

  return {
    async create(userId, job) {
      if (job.items.length === 0 || job.items.length > MAX_JOB_ITEMS) throw DomainError.invalid(`A job holds from 1 to ${MAX_JOB_ITEMS} items`);
      if (job.type === 'sign') {
        const missing = job.items.findIndex((item) => !item.metadata);
        if (missing >= 0) throw DomainError.invalid(`items.${missing}.metadata is required for a sign job`);
        await deps.identities?.requireSigningName(userId, job.organization);
      }
      const id = randomUUID();
      const admission = await store.create({ id, userId, type: job.type }, job.type === 'sign' ? job.items : job.items.map((item) => ({ assetUrl: item.assetUrl })), settings.maxQueuedItems);
      if (!admission.stored) {
        throw new DomainError(
          'rate_limited',
          'job_queue_full',
          `An account may have at most ${settings.maxQueuedItems} job items waiting; ${admission.queued} are, and this job adds ${job.items.length}: wait for some to finish`,
          QUEUE_FULL_RETRY_SECONDS,
        );
      }
      try {
        await worker.enqueue(id, job.items.map((_, index) => index), admission.queuedBefore);
      } catch (error) {
        // The job is stored: the requeue pass puts its items on the queue within a minute or two.
        deps.logger.error('the items of a new job could not be queued yet', { jobId: id, error: error instanceof Error ? error.message : String(error) });
      }
      return { id, status: 'queued' };
    },
    async list(userId, limit) {
      return (await store.list(userId, limit)).map(toJob);
    },
    async get(userId, jobId) {
      return toJob(await owned(userId, jobId));
    },
    async results(userId, jobId) {
      const row = await owned(userId, jobId);
      async function* items(): AsyncGenerator<FinishedItem> {
        for (let after = -1; ; ) {
          const page = await store.finishedItems(jobId, after, RESULTS_PAGE);
          yield* page;
          if (page.length < RESULTS_PAGE) return;
          after = page.at(-1)!.index;
        }
      }
      return { type: row.type, items: items() };
    },
    async itemPage(userId, jobId, from, limit) {
      const row = await owned(userId, jobId);
      const items = await store.itemsFrom(jobId, from, limit);
      return { job: toJob(row), from, items: items.map((item) => summarizeItem(item, itemAnswer(item, row.type))) };
    },
    async itemReport(userId, jobId, index) {
      const row = await owned(userId, jobId);
      const [item] = index < row.total ? await store.itemsFrom(jobId, index, 1) : [];
      if (!item) throw DomainError.notFound(`Job ${jobId} has no item ${index}`);
      const answer = itemAnswer(item, row.type);
      return { jobId, type: row.type, item: summarizeItem(item, answer), verification: answer?.verification ?? null };
    },
  };
}
