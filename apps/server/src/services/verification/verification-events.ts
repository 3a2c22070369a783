// Repository of verification events: every verification the gateway performs, attributed to the
// account whose signed asset it was (owner) and to the account that asked (caller), when known.
//
// Events are written behind the response, in batches: one INSERT per batch instead of a lookup and
// an insert on the request's path (with embedded PGlite both run on the server's only thread and
// were most of its cost per verification). The owner and signed asset are resolved from the
// manifest ID inside that INSERT, so a row deleted meanwhile leaves the reference empty rather than
// failing the batch. The repository's read methods write the queue before they read, so no count or
// list misses the caller's own last verification and no caller has to remember to flush. What is at
// risk is the last flush interval (100 ms) of events if the process dies without shutting down.
import { randomUUID } from 'node:crypto';
import type { TVerificationStatus } from '@provenance/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets, users, verificationEvents } from '../../db/schema/index.ts';
import { createVerificationEventReads, type VerificationEventReads } from './verification-event-reads.ts';

export interface NewVerificationEvent {
  /** Given by a caller that may record the same verification again (a job item run twice): written once. Else a new UUID. */
  id?: string | undefined;
  status: TVerificationStatus;
  reason: string;
  geoLocation: string | null;
  source: 'url' | 'upload' | 'manifest';
  manifestId: string | null;
  /** A hash still being computed (an upload hashed behind its answer) is waited for by the event's write. */
  assetHash: string | Promise<string> | null;
  callerUserId: string | null;
  /** A file without credentials matched in the manifest repository: its owner is the matched manifest's. */
  recovery?: { method: 'exact-hash' | 'fingerprint'; similarity: number; manifestId: string } | null;
  /** The site whose page asked, when it said (a badge's Origin). */
  referrer?: string | null;
  /** Where the file was fetched from (sightingUrl: no query or fragment), when it was verified by URL. */
  assetUrl?: string | null;
  /** What was found: who vouches for the signer (the report's trust label) and the organisation its credentials name. */
  trustLabel?: string | null;
  organization?: string | null;
  /** The batch-job item that ran the verification. */
  jobItem?: { jobId: string; index: number } | null;
  /** A badge's check of the media shown with the manifest, when the request was one. */
  mediaCheck?: 'matches' | 'mismatch' | 'unchecked' | null;
}

/** Writes events behind the response; its reads (VerificationEventReads) see every event recorded before them. */
export interface VerificationEvents extends VerificationEventReads {
  /** Queues the event and returns its ID at once; it is written within the flush interval. */
  record(event: NewVerificationEvent): string;
  /** Resolves once every event recorded so far is written (or has failed and been reported). */
  flush(): Promise<void>;
}

export interface VerificationEventsOptions {
  clock?: () => Date;
  flushIntervalMs?: number;
  /** Events per INSERT; a full batch is written at once. */
  maxBatch?: number;
  onWriteError?: (error: unknown, lost: number) => void;
}

type QueuedEvent = NewVerificationEvent & { id: string; createdAt: Date };
type WrittenEvent = Omit<QueuedEvent, 'assetHash'> & { assetHash: string | null };

/** The batch with every asset hash known: one that failed is written as unknown. */
const withHashes = (batch: QueuedEvent[]): Promise<WrittenEvent[]> =>
  Promise.all(batch.map(async (event) => ({ ...event, assetHash: await Promise.resolve(event.assetHash).catch(() => null) })));

function insertBatch(batch: WrittenEvent[]): SQL {
  const rows = sql.join(
    batch.map(
      (event) =>
        sql`(${event.id}, ${event.createdAt.toISOString()}, ${event.status}, ${event.reason}, ${event.geoLocation}, ${event.source}, ${event.manifestId}, ${event.assetHash}, ${event.callerUserId}, ${event.recovery?.method ?? null}, ${event.recovery?.similarity ?? null}::integer, ${event.recovery?.manifestId ?? null}, ${event.referrer ?? null}, ${event.mediaCheck ?? null}, ${event.assetUrl ?? null}, ${event.trustLabel ?? null}, ${event.organization ?? null}, ${event.jobItem?.jobId ?? null}, ${event.jobItem?.index ?? null}::integer)`,
    ),
    sql`, `,
  );
  const e = verificationEvents;
  return sql`insert into ${e} (${sql.identifier(e.id.name)}, ${sql.identifier(e.createdAt.name)}, ${sql.identifier(e.status.name)}, ${sql.identifier(e.reason.name)}, ${sql.identifier(e.geoLocation.name)}, ${sql.identifier(e.source.name)}, ${sql.identifier(e.manifestId.name)}, ${sql.identifier(e.assetHash.name)}, ${sql.identifier(e.ownerUserId.name)}, ${sql.identifier(e.signedAssetId.name)}, ${sql.identifier(e.callerUserId.name)}, ${sql.identifier(e.recoveryMethod.name)}, ${sql.identifier(e.recoverySimilarity.name)}, ${sql.identifier(e.recoveredManifestId.name)}, ${sql.identifier(e.referrer.name)}, ${sql.identifier(e.mediaCheck.name)}, ${sql.identifier(e.assetUrl.name)}, ${sql.identifier(e.trustLabel.name)}, ${sql.identifier(e.organization.name)}, ${sql.identifier(e.jobId.name)}, ${sql.identifier(e.jobItemIndex.name)})
    select v.id, v.created_at::timestamptz, v.status, v.reason, v.geo, v.source, v.manifest_id, v.asset_hash, asset.${sql.identifier(signedAssets.userId.name)}, asset.${sql.identifier(signedAssets.id.name)}, caller.${sql.identifier(users.id.name)}, v.recovery_method, v.recovery_similarity, v.recovered_manifest_id, v.referrer, v.media_check, v.asset_url, v.trust_label, v.organization, v.job_id, v.job_item_index
    from (values ${rows}) as v(id, created_at, status, reason, geo, source, manifest_id, asset_hash, caller_id, recovery_method, recovery_similarity, recovered_manifest_id, referrer, media_check, asset_url, trust_label, organization, job_id, job_item_index)
    left join ${signedAssets} as asset on asset.${sql.identifier(signedAssets.manifestId.name)} = coalesce(v.manifest_id, v.recovered_manifest_id)
    left join ${users} as caller on caller.${sql.identifier(users.id.name)} = v.caller_id
    on conflict (${sql.identifier(e.id.name)}) do nothing`;
}

export function createVerificationEvents(db: Db, options: VerificationEventsOptions = {}): VerificationEvents {
  const clock = options.clock ?? (() => new Date());
  const flushIntervalMs = options.flushIntervalMs ?? 100;
  const maxBatch = options.maxBatch ?? 256;
  const onWriteError = options.onWriteError ?? (() => undefined);
  let queue: QueuedEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const reads = createVerificationEventReads(db);

  function write(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return writing;
    const batch = queue;
    queue = [];
    // Batches are written one after another, so events keep their order and flush() can wait on
    // the last one.
    writing = writing.then(() =>
      withHashes(batch)
        .then((rows) => db.execute(insertBatch(rows)))
        .then(
          () => undefined,
          (error: unknown) => onWriteError(error, batch.length),
        ),
    );
    return writing;
  }

  return {
    record(event) {
      const id = event.id ?? randomUUID();
      queue.push({ ...event, id, createdAt: clock() });
      if (queue.length >= maxBatch) void write();
      else if (!timer) {
        timer = setTimeout(() => void write(), flushIntervalMs);
        timer.unref();
      }
      return id;
    },
    flush: write,
    // Each read waits for the queue to be written, the one place that keeps reads consistent.
    async countForAsset(ref) {
      await write();
      return reads.countForAsset(ref);
    },
    async statsForAssets(signedAssetIds) {
      await write();
      return reads.statsForAssets(signedAssetIds);
    },
    async copiesSeenElsewhere(signedAssetIds) {
      await write();
      return reads.copiesSeenElsewhere(signedAssetIds);
    },
    async countsForAccount(userId, window) {
      await write();
      return reads.countsForAccount(userId, window);
    },
    async recentForAccount(userId, limit) {
      await write();
      return reads.recentForAccount(userId, limit);
    },
  };
}
