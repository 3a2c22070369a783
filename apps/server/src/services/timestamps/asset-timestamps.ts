// Timestamps added after signing. When the time-stamping authority did not answer at signing, the
// asset was signed without one and marked pending; a task on the work queue then adds it as soon as
// the authority answers: the engine's addTimestamp gives the stored file a C2PA update manifest
// carrying a c2pa.time-stamp assertion over its claim signature (its content untouched), the updated
// file replaces the one served at the asset's URL, and the file it replaced is kept in the asset store
// as `signed-before-timestamp`. Attempts back off (doubling up to six hours) and stop a week after the
// signing, the asset flagged `failed`. POST /assets/{assetId}/timestamp does the same at once, also
// for assets signed without an authority (or given up on).
//
// The account hears of it (account events, so its webhooks): asset.timestamped when the timestamp is
// added later (by the task or on demand), asset.timestamp_failed when the task gives up.
//
// A copy may die while it replaces the file. So the version served is kept first, then the row records
// what it will say (the new file's hash, size and update manifest, and its manifest store), then the
// files are replaced, then the row is updated: the next attempt that finds the intent and the stored
// file already the new one finishes the bookkeeping from it; one that finds the old file starts over.
//
// One copy works on an asset at a time (a lease on its row), so the file is replaced once. A pending
// asset whose task was lost (a crash between its row and its task) is queued again by a sweep.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assetFormats, ProvenanceError } from '@provenance/engine';
import type { Logger } from '../../logging/logger.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import { DomainError } from '../domain-error.ts';
import type { Engine, EngineTimestampOptions } from '../engine/engine.ts';
import type { PublicLinks } from '../public-links.ts';
import type { TimestampAdded, TimestampRecords } from './timestamp-records.ts';

export const ASSET_TIMESTAMP_QUEUE = 'asset-timestamps';
/** Every 15 minutes, pending assets whose task was lost (a crash between the row and its task) are queued again. */
export const ASSET_TIMESTAMP_SWEEP_QUEUE = 'asset-timestamps-sweep';
const SWEEP_CRON = '*/15 * * * *';
/** Older than this, a pending asset without a live task is stranded: its signing would have queued it long before. */
const STRANDED_AFTER_SECONDS = 10 * 60;

/** How a pending timestamp is retried: the first delay, doubled after each failure up to the longest, and when to give up. */
export interface TimestampRetryPolicy {
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Counted from the signing (the moment the timestamp became pending). */
  giveUpAfterSeconds: number;
  /** How often an idle worker asks the queue for tasks (pg-boss: at least 0.5). */
  pollingIntervalSeconds?: number;
}

export const DEFAULT_TIMESTAMP_RETRY: TimestampRetryPolicy = { firstDelaySeconds: 60, maxDelaySeconds: 6 * 60 * 60, giveUpAfterSeconds: 7 * 24 * 60 * 60 };

/** What a signing whose authority did not answer says in its `warnings`. */
export const PENDING_TIMESTAMP_WARNING =
  'The time-stamping authority did not answer, so the signature carries no trusted timestamp yet; it is added as soon as the authority answers (the file at signedAssetUrl is then the timestamped one, and this version stays available).';

/** The same for a sidecar signing, whose manifest store cannot be given an update manifest later. */
export const SIDECAR_UNSTAMPED_WARNING = 'The time-stamping authority did not answer, so the signature carries no trusted timestamp; one cannot be added to a sidecar later.';

/** How long a copy may work on one asset's timestamp before another may take it over (a crash). */
const LEASE_SECONDS = 5 * 60;

export interface AssetTimestamps {
  /** Queues the task that adds a pending timestamp (after a signing whose authority did not answer); logs, never throws. */
  queuePending(assetId: string): Promise<void>;
  /**
   * Adds the timestamp now (POST /assets/{assetId}/timestamp): the asset's row after it. 404 for an
   * asset that is not the account's, 409 when it is there already (or is being added), 502 when the
   * authority failed (nothing changed).
   */
  addNow(userId: string, assetId: string): Promise<SignedAssetRow>;
  /** Queues again the pending assets that lost their task; returns how many (the sweep's work, every 15 minutes). */
  requeueStranded(): Promise<number>;
}

export interface AssetTimestampsDeps {
  engine: Pick<Engine, 'addTimestamp'>;
  store: AssetStore;
  signedAssets: Pick<SignedAssets, 'findById'>;
  records: TimestampRecords;
  queue: TaskQueue;
  logger: Logger;
  /** Who signs an account's update manifest: its claim signer, as for its signings. */
  signerFor(userId: string): Promise<EngineTimestampOptions['signer']>;
  retry?: TimestampRetryPolicy | undefined;
  /** A stored video larger than `inMemoryBytes` is timestamped from a copy in `dir`, never read whole; absent, every file is read whole. */
  spool?: { dir: string; inMemoryBytes: number } | undefined;
  clock?: (() => Date) | undefined;
  /** Hears of timestamps added later and given up on (asset.timestamped, asset.timestamp_failed); absent, nobody does. */
  events?: Pick<AccountEvents, 'emit'> | undefined;
  /** The links the events carry. */
  links?: Pick<PublicLinks, 'signedAssetUrl' | 'previousVersionUrl'> | undefined;
}

/** Who added a timestamp: the queued task, or POST /assets/{assetId}/timestamp. */
type AddedBy = 'task' | 'request';

type TimestampTask = { assetId: string };

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The engine's refusal for a file whose signature already carries a timestamp (engine/engine.ts: 409 nothing_to_timestamp). */
const isAlreadyTimestamped = (error: unknown): boolean => error instanceof DomainError && error.code === 'nothing_to_timestamp' && /already carries a timestamp/.test(error.message);
/**
 * Failures no retry mends: nothing a timestamp could keep, or the engine refusing the file (its
 * ProvenanceError: a format or a video it cannot timestamp). The authority's failures reach here as
 * DomainError timestamp_failed, and a busy engine or an unreachable store as other errors: retried.
 */
const isFinal = (error: unknown): boolean => (error instanceof DomainError && error.code === 'nothing_to_timestamp') || error instanceof ProvenanceError;

const alreadyTimestamped = () => new DomainError('conflict', 'already_timestamped', 'This asset’s signature already carries a trusted timestamp');

export function createAssetTimestamps(deps: AssetTimestampsDeps): AssetTimestamps {
  const { engine, store, records, logger } = deps;
  const retry = deps.retry ?? DEFAULT_TIMESTAMP_RETRY;
  const now = deps.clock ?? (() => new Date());

  /** Tells the account a timestamp was added to its asset; the event's ID is the update manifest's, so a repeat is one message. */
  async function announceAdded(row: SignedAssetRow, change: TimestampAdded, addedBy: AddedBy): Promise<void> {
    await deps.events?.emit({
      type: 'asset.timestamped',
      accountId: row.userId,
      occurredAt: change.at,
      eventId: `asset.timestamped/${row.id}/${change.timestampManifestId}`,
      data: {
        assetId: row.id,
        manifestId: row.manifestId,
        title: row.title,
        timestampManifestId: change.timestampManifestId,
        timestampedAt: change.at.toISOString(),
        signedAssetHash: change.signedAssetHash,
        previousSignedAssetHash: change.previousSignedAssetHash,
        addedBy,
        ...(deps.links && { signedAssetUrl: deps.links.signedAssetUrl(row.id), previousVersionUrl: deps.links.previousVersionUrl(row.id) }),
      },
    });
  }

  /** Tells the account the task stopped trying: the asset stays signed without a trusted timestamp. */
  async function announceGivenUp(row: SignedAssetRow, attempts: number, reason: string, at: Date): Promise<void> {
    await deps.events?.emit({
      type: 'asset.timestamp_failed',
      accountId: row.userId,
      occurredAt: at,
      data: {
        assetId: row.id,
        manifestId: row.manifestId,
        title: row.title,
        attempts,
        reason,
        pendingSince: (row.timestampPendingSince ?? row.signedAt).toISOString(),
        ...(deps.links && { signedAssetUrl: deps.links.signedAssetUrl(row.id) }),
      },
    });
  }

  /** SHA-256 (hex) of the file stored as `signed`, streamed; null when there is none. */
  async function storedHash(assetId: string): Promise<string | null> {
    const read = await store.open(assetId, 'signed');
    if (!read || read.kind !== 'whole' || !read.body) return null;
    const hash = createHash('sha256');
    for await (const chunk of read.body) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /**
   * An earlier attempt that died after recording its intent: when the stored file is already the
   * timestamped one, its manifest store is put and the row updated as that attempt would have; else
   * (the file was not replaced) null, and the timestamp is added afresh.
   */
  async function finishInterrupted(row: SignedAssetRow): Promise<TimestampAdded | null> {
    const intent = row.timestampIntent;
    if (!intent || (await storedHash(row.id)) !== intent.signedAssetHash) return null;
    logger.warn('finishing a timestamp whose copy died after replacing the file', { assetId: row.id });
    await store.put(row.id, 'manifest.c2pa', Buffer.from(intent.manifestStore, 'base64'));
    const change = { timestampManifestId: intent.timestampManifestId, signedAssetHash: intent.signedAssetHash, signedBytes: intent.signedBytes, previousSignedAssetHash: row.signedAssetHash, at: now() };
    await records.added(row.id, change);
    return change;
  }

  /** Records what the row will say once the files are replaced: the version served is already kept. */
  async function intend(row: SignedAssetRow, change: TimestampAdded, manifestStore: Uint8Array): Promise<void> {
    await records.intend(row.id, { timestampManifestId: change.timestampManifestId, signedAssetHash: change.signedAssetHash, signedBytes: change.signedBytes, manifestStore: Buffer.from(manifestStore).toString('base64') });
  }

  /** Replaces the served file by the timestamped one, keeping the one it replaces; the row last. */
  async function stamp(row: SignedAssetRow): Promise<TimestampAdded> {
    const finished = await finishInterrupted(row);
    if (finished) return finished;
    const signer = await deps.signerFor(row.userId);
    const spool = deps.spool;
    if (spool && row.signedBytes > spool.inMemoryBytes && assetFormats.BMFF_MIME_TYPES.has(row.mime)) {
      return stampFromDisk(row, signer, spool.dir);
    }
    const bytes = await store.get(row.id, 'signed');
    if (!bytes) throw DomainError.notFound(`No signed asset ${row.id}`);
    const result = await engine.addTimestamp(bytes, row.mime, { signer });
    // The version served until now is kept before it is replaced: a crash in between leaves it served.
    await store.put(row.id, 'signed-before-timestamp', bytes);
    const change = { timestampManifestId: result.manifestId, signedAssetHash: result.signedAssetHash, signedBytes: result.signedBytes.byteLength, previousSignedAssetHash: row.signedAssetHash, at: now() };
    await intend(row, change, result.manifestStore);
    await store.put(row.id, 'signed', result.signedBytes);
    await store.put(row.id, 'manifest.c2pa', result.manifestStore);
    await records.added(row.id, change);
    return change;
  }

  /** A video signed from disk: copied to the spool folder, timestamped into a second file there, both streamed into the store. */
  async function stampFromDisk(row: SignedAssetRow, signer: EngineTimestampOptions['signer'], dir: string): Promise<TimestampAdded> {
    const read = await store.open(row.id, 'signed');
    if (!read || read.kind !== 'whole' || !read.body) throw DomainError.notFound(`No signed asset ${row.id}`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, `timestamp-${randomUUID()}`);
    const output = `${path}.stamped`;
    logger.debug('timestamping a stored video from disk', { assetId: row.id, bytes: row.signedBytes });
    try {
      await pipeline(read.body, createWriteStream(path, { mode: 0o600 }));
      const result = await engine.addTimestamp({ path }, row.mime, { signer, output });
      await store.put(row.id, 'signed-before-timestamp', createReadStream(path));
      const change = { timestampManifestId: result.manifestId, signedAssetHash: result.signedAssetHash, signedBytes: result.signedBytes, previousSignedAssetHash: row.signedAssetHash, at: now() };
      await intend(row, change, result.manifestStore);
      await store.put(row.id, 'signed', createReadStream(output));
      await store.put(row.id, 'manifest.c2pa', result.manifestStore);
      await records.added(row.id, change);
      return change;
    } finally {
      await Promise.all([rm(path, { force: true }), rm(output, { force: true })]);
    }
  }

  const leaseUntil = (at: Date) => new Date(at.getTime() + LEASE_SECONDS * 1000);

  async function sendAttempt(assetId: string, afterSeconds: number): Promise<void> {
    await deps.queue.send<TimestampTask>(ASSET_TIMESTAMP_QUEUE, { assetId }, { startAfter: Math.max(0, Math.round(afterSeconds)) });
  }

  /** One attempt of the queued task: adds the timestamp, or records the failure and queues the next attempt (or gives up). */
  async function attempt(assetId: string): Promise<void> {
    const at = now();
    const row = await records.lease(assetId, at, leaseUntil(at));
    if (!row) {
      // Another copy (or an on-demand request) is on it; if it fails, the asset is still pending then.
      const current = await deps.signedAssets.findById(assetId);
      if (current?.timestampState === 'pending') await sendAttempt(assetId, LEASE_SECONDS);
      return;
    }
    if (row.timestampState !== 'pending') {
      await records.release(assetId);
      return;
    }
    try {
      const change = await stamp(row);
      logger.info('timestamp added', { assetId, attempts: row.timestampAttempts + 1 });
      await announceAdded(row, change, 'task');
    } catch (error) {
      if (isAlreadyTimestamped(error)) {
        await records.alreadyTimestamped(assetId);
        return;
      }
      const pendingSince = row.timestampPendingSince ?? row.signedAt;
      const gaveUp = isFinal(error) || at.getTime() - pendingSince.getTime() >= retry.giveUpAfterSeconds * 1000;
      const attempts = await records.attemptFailed(assetId, reasonOf(error), gaveUp);
      if (gaveUp) {
        logger.warn('timestamp not added, retries stopped', { assetId, attempts, error: reasonOf(error) });
        await announceGivenUp(row, attempts, reasonOf(error), at);
        return;
      }
      const delay = Math.min(retry.maxDelaySeconds, retry.firstDelaySeconds * 2 ** (attempts - 1));
      logger.info('timestamp not added yet, will retry', { assetId, attempts, retryInSeconds: delay, error: reasonOf(error) });
      await sendAttempt(assetId, delay);
    }
  }

  deps.queue.define<TimestampTask>({
    queue: ASSET_TIMESTAMP_QUEUE,
    // The queue's own retries are for the task failing itself (the database away); the authority's
    // failures are counted on the row and retried by sending the next attempt.
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: LEASE_SECONDS },
    work: { batchSize: 1, pollingIntervalSeconds: retry.pollingIntervalSeconds ?? 2 },
    handler: async (tasks) => {
      for (const task of tasks) await attempt(task.data.assetId);
    },
  });

  async function requeueStranded(): Promise<number> {
    // The query reads pg-boss's tables, which exist once the queue has started.
    await deps.queue.start();
    const at = now();
    const stranded = await records.stranded(ASSET_TIMESTAMP_QUEUE, at, new Date(at.getTime() - STRANDED_AFTER_SECONDS * 1000));
    if (stranded.length === 0) return 0;
    await deps.queue.insert<TimestampTask>(ASSET_TIMESTAMP_QUEUE, stranded.map((assetId) => ({ data: { assetId } })));
    logger.warn('queued again pending timestamps that had lost their task', { assets: stranded.length });
    return stranded.length;
  }

  deps.queue.define<object>({
    queue: ASSET_TIMESTAMP_SWEEP_QUEUE,
    options: { retryLimit: 1, expireInSeconds: 300 },
    handler: async () => {
      await requeueStranded();
    },
  });
  deps.queue.schedule({ queue: ASSET_TIMESTAMP_SWEEP_QUEUE, cron: SWEEP_CRON, tz: 'UTC' });

  return {
    requeueStranded,
    async queuePending(assetId) {
      try {
        await sendAttempt(assetId, retry.firstDelaySeconds);
      } catch (error) {
        logger.error('could not queue the pending timestamp', { assetId, error: reasonOf(error) });
      }
    },
    async addNow(userId, assetId) {
      const found = await deps.signedAssets.findById(assetId);
      if (!found || found.userId !== userId) throw DomainError.notFound(`No signed asset ${assetId}`);
      if (found.timestampState === 'added') throw alreadyTimestamped();
      if (found.sidecar) throw new DomainError('conflict', 'timestamp_unsupported', 'A sidecar signing’s file carries no manifest, and its manifest store cannot be given a timestamp later');
      const at = now();
      const row = await records.lease(assetId, at, leaseUntil(at));
      if (!row) {
        const current = await deps.signedAssets.findById(assetId);
        if (current?.timestampState === 'added') throw alreadyTimestamped();
        throw new DomainError('conflict', 'timestamp_in_progress', 'A timestamp is being added to this asset right now; ask again in a minute');
      }
      let change: TimestampAdded;
      try {
        change = await stamp(row);
      } catch (error) {
        if (isAlreadyTimestamped(error)) {
          await records.alreadyTimestamped(assetId);
          throw alreadyTimestamped();
        }
        // Nothing was replaced: the row keeps its state (a pending one's task goes on retrying).
        if (error instanceof DomainError && error.kind === 'bad_gateway') await records.attemptFailed(assetId, reasonOf(error), false);
        else await records.release(assetId);
        throw error;
      }
      await announceAdded(row, change, 'request');
      const updated = await deps.signedAssets.findById(assetId);
      if (!updated) throw DomainError.notFound(`No signed asset ${assetId}`);
      return updated;
    },
  };
}
