// Database access for where each signed asset's trusted timestamp stands (signed_assets' timestamp_*
// columns): the lease one copy holds while it adds a timestamp, an attempt's failure, the give-up,
// and the row after an update manifest replaced the served file.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets, type TimestampIntent } from '../../db/schema/index.ts';
import { QUEUE_SCHEMA } from '../../queue/task-queue.ts';
import type { SignedAssetRow } from '../assets/signed-assets.ts';

/** What an update manifest changed: the served file and its manifest store. */
export interface TimestampAdded {
  timestampManifestId: string;
  signedAssetHash: string;
  signedBytes: number;
  previousSignedAssetHash: string;
  at: Date;
}

export interface TimestampRecords {
  /**
   * Takes the asset's lease until `until` when no one holds it (or theirs ran out) and its timestamp
   * is not already there: the row as it was, or null when another holds it or it is added.
   */
  lease(assetId: string, now: Date, until: Date): Promise<SignedAssetRow | null>;
  release(assetId: string): Promise<void>;
  /** Before the served file is replaced: what the row will say once it is (the next attempt finishes from it if this copy dies). */
  intend(assetId: string, intent: TimestampIntent): Promise<void>;
  /** The timestamp is added: the row names the new file, its intent is done, the lease is given back. */
  added(assetId: string, change: TimestampAdded): Promise<void>;
  /** An attempt failed; `failed`: retries stop (a week passed, or nothing a timestamp could keep). */
  attemptFailed(assetId: string, reason: string, failed: boolean): Promise<number>;
  /** The file already carried a timestamp (signed by an authority before these columns existed). */
  alreadyTimestamped(assetId: string): Promise<void>;
  /**
   * Pending assets signed before `signedBefore` that no one holds and whose `queue` has no task
   * waiting, retrying or running for them (lost to a crash between the row and its task).
   */
  stranded(queue: string, now: Date, signedBefore: Date): Promise<string[]>;
}

export function createTimestampRecords(db: Db): TimestampRecords {
  return {
    async lease(assetId, now, until) {
      const [row] = await db
        .update(signedAssets)
        .set({ timestampLeaseUntil: until })
        .where(and(eq(signedAssets.id, assetId), or(isNull(signedAssets.timestampLeaseUntil), lt(signedAssets.timestampLeaseUntil, now)), or(eq(signedAssets.timestampState, 'none'), eq(signedAssets.timestampState, 'pending'), eq(signedAssets.timestampState, 'failed'))))
        .returning();
      return row ?? null;
    },
    async release(assetId) {
      await db.update(signedAssets).set({ timestampLeaseUntil: null }).where(eq(signedAssets.id, assetId));
    },
    async intend(assetId, intent) {
      await db.update(signedAssets).set({ timestampIntent: intent }).where(eq(signedAssets.id, assetId));
    },
    async added(assetId, change) {
      await db
        .update(signedAssets)
        .set({
          timestampState: 'added',
          timestampedAt: change.at,
          timestampManifestId: change.timestampManifestId,
          signedAssetHash: change.signedAssetHash,
          signedBytes: change.signedBytes,
          previousSignedAssetHash: change.previousSignedAssetHash,
          timestampIntent: null,
          timestampError: null,
          timestampLeaseUntil: null,
        })
        .where(eq(signedAssets.id, assetId));
    },
    async attemptFailed(assetId, reason, failed) {
      const [row] = await db.select({ attempts: signedAssets.timestampAttempts, state: signedAssets.timestampState }).from(signedAssets).where(eq(signedAssets.id, assetId)).limit(1);
      const attempts = (row?.attempts ?? 0) + 1;
      // An on-demand attempt on an asset signed without an authority leaves it as it was: nothing was promised.
      const state = failed ? ('failed' as const) : row?.state;
      await db
        .update(signedAssets)
        .set({ timestampAttempts: attempts, timestampError: reason.slice(0, 1000), timestampLeaseUntil: null, ...(state && { timestampState: state }) })
        .where(eq(signedAssets.id, assetId));
      return attempts;
    },
    async stranded(queue, now, signedBefore) {
      // pg-boss keeps its tasks (its table `job`) in its own schema of this database.
      const rows = await db
        .select({ id: signedAssets.id })
        .from(signedAssets)
        .where(
          and(
            eq(signedAssets.timestampState, 'pending'),
            lt(signedAssets.signedAt, signedBefore),
            or(isNull(signedAssets.timestampLeaseUntil), lt(signedAssets.timestampLeaseUntil, now)),
            sql`not exists (select 1 from ${sql.identifier(QUEUE_SCHEMA)}.job as j where j.name = ${queue} and j.data->>'assetId' = ${signedAssets.id} and j.state in ('created', 'retry', 'active'))`,
          ),
        )
        .limit(1000);
      return rows.map((row) => row.id);
    },
    async alreadyTimestamped(assetId) {
      await db.update(signedAssets).set({ timestampState: 'added', timestampError: null, timestampLeaseUntil: null }).where(eq(signedAssets.id, assetId));
    },
  };
}
