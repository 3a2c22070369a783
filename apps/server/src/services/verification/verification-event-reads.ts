// The queries that read verification events back: counts per asset, an account's summary and its
// recent events. They read the table as it is, so only verification-events.ts builds them: its
// repository writes the queued events before each read, and services read through it.
import type { TVerificationStatus } from '@provenance/contracts';
import { and, count, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import { readCopiesSeenElsewhere, type SeenElsewhere } from './copies-seen-elsewhere.ts';

export type VerificationEventRow = typeof verificationEvents.$inferSelect;

/**
 * The events that are verifications of their manifest: all but a badge's check whose media did not
 * carry or match it (mismatch) or could not be read (unchecked). Every count of verifications, and
 * every last status, reads only these.
 */
export const isVerificationOfManifest = or(isNull(verificationEvents.mediaCheck), eq(verificationEvents.mediaCheck, 'matches'));

/** Which events count for an asset: ours by signed asset ID, any other by the manifest ID tracked. */
export type AssetEventsRef = { signedAssetId: string } | { manifestId: string };

export interface AssetVerificationStats {
  verificationCount: number;
  /** Status of the newest event. */
  lastStatus: TVerificationStatus;
}

/** An account's events (as owner or as caller), grouped for its analytics summary. */
export interface AccountEventCounts {
  byStatus: { status: TVerificationStatus; total: number }[];
  /** Events since `today`. */
  today: number;
  /** Per UTC day (YYYY-MM-DD) and status, since `since`. */
  perDay: { day: string; status: TVerificationStatus; total: number }[];
  /** The most frequent reasons of events that did not verify, with their status, most frequent first. */
  failureReasons: { reason: string; status: TVerificationStatus; total: number }[];
  /** Per status: events of the account's own content (`own`), and events it ran of other files. */
  byRole: { status: TVerificationStatus; own: boolean; total: number }[];
  /** Badge checks of the account's manifests whose media did not belong (mismatch) or could not be read (unchecked). */
  mediaChecks: { mismatch: number; unchecked: number };
}

export interface VerificationEventReads {
  countForAsset(ref: AssetEventsRef): Promise<number>;
  /** Count and last status of each given signed asset that has events; the others are absent. */
  statsForAssets(signedAssetIds: string[]): Promise<Map<string, AssetVerificationStats>>;
  /** Copies of each given signed asset verified elsewhere (copies-seen-elsewhere.ts); assets with none are absent. */
  copiesSeenElsewhere(signedAssetIds: string[]): Promise<Map<string, SeenElsewhere>>;
  countsForAccount(userId: string, window: { today: Date; since: Date }): Promise<AccountEventCounts>;
  /** The account's newest events, newest first. */
  recentForAccount(userId: string, limit: number): Promise<VerificationEventRow[]>;
}

export function createVerificationEventReads(db: Db): VerificationEventReads {
  const e = verificationEvents;
  const involving = (userId: string) => or(eq(e.ownerUserId, userId), eq(e.callerUserId, userId));

  return {
    async countForAsset(ref) {
      const where = 'signedAssetId' in ref ? eq(e.signedAssetId, ref.signedAssetId) : eq(e.manifestId, ref.manifestId);
      const [row] = await db.select({ total: count() }).from(e).where(and(where, isVerificationOfManifest));
      return row?.total ?? 0;
    },

    async statsForAssets(signedAssetIds) {
      if (signedAssetIds.length === 0) return new Map();
      const rows = await db
        .select({
          signedAssetId: e.signedAssetId,
          total: count(),
          lastStatus: sql<TVerificationStatus>`(array_agg(${e.status} order by ${e.createdAt} desc))[1]`,
        })
        .from(e)
        .where(and(inArray(e.signedAssetId, signedAssetIds), isVerificationOfManifest))
        .groupBy(e.signedAssetId);
      return new Map(rows.flatMap((row) => (row.signedAssetId ? [[row.signedAssetId, { verificationCount: row.total, lastStatus: row.lastStatus }] as const] : [])));
    },

    copiesSeenElsewhere: (signedAssetIds) => readCopiesSeenElsewhere(db, signedAssetIds),

    async countsForAccount(userId, { today, since }) {
      // Own content: the account owns the signed asset, whoever verified it. Otherwise the account ran it.
      const own = sql<boolean>`coalesce(${e.ownerUserId} = ${userId}, false)`;
      // A badge's manifest shown around media it does not belong to (or media that could not be read)
      // is not a verification of that manifest: those events are counted apart.
      const counted = and(involving(userId), isVerificationOfManifest);
      const [byStatus, [todayRow], perDay, failureReasons, byRole, mediaRows] = await Promise.all([
        db.select({ status: e.status, total: count() }).from(e).where(counted).groupBy(e.status),
        db.select({ total: count() }).from(e).where(and(counted, gte(e.createdAt, today))),
        db
          .select({ day: sql<string>`to_char(${e.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, status: e.status, total: count() })
          .from(e)
          .where(and(counted, gte(e.createdAt, since)))
          .groupBy(sql`1`, e.status),
        db
          .select({ reason: e.reason, status: e.status, total: count() })
          .from(e)
          .where(and(counted, ne(e.status, 'verified')))
          .groupBy(e.reason, e.status)
          .orderBy(desc(count()))
          .limit(8),
        db.select({ status: e.status, own, total: count() }).from(e).where(counted).groupBy(e.status, sql`2`),
        db
          .select({ check: e.mediaCheck, total: count() })
          .from(e)
          .where(and(eq(e.ownerUserId, userId), inArray(e.mediaCheck, ['mismatch', 'unchecked'])))
          .groupBy(e.mediaCheck),
      ]);
      const mediaChecks = { mismatch: mediaRows.find((row) => row.check === 'mismatch')?.total ?? 0, unchecked: mediaRows.find((row) => row.check === 'unchecked')?.total ?? 0 };
      return { byStatus, today: todayRow?.total ?? 0, perDay, failureReasons, byRole, mediaChecks };
    },

    recentForAccount: (userId, limit) => db.select().from(e).where(involving(userId)).orderBy(desc(e.createdAt)).limit(limit),
  };
}
