// Analytics: tracked badge and report events with per-asset counts, and the signed-in account's
// summary and recent verification events. Only real rows are counted; an account sees only events
// of its own assets or its own calls, and the two are told apart (own content, performed).
import { randomUUID } from 'node:crypto';
import { ANALYTICS_EVENT_TYPES, type TAnalyticsSummary, type TAssetMetrics, type TTrackAnalyticsRequest, type TVerificationEvent, type TVerificationStatus } from '@provenance/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import type { VerificationEvents } from '../verification/verification-events.ts';
import type { StrippedCopies } from '../manifest-repository/stripped-copies.ts';

export interface Analytics {
  track(request: TTrackAnalyticsRequest): Promise<{ eventId: string; metrics: TAssetMetrics }>;
  summary(userId: string): Promise<TAnalyticsSummary>;
  recentVerificationEvents(userId: string, limit: number): Promise<TVerificationEvent[]>;
}

const STATUSES: TVerificationStatus[] = ['verified', 'partial', 'invalid', 'unsigned'];
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function createAnalytics(deps: { db: Db; signedAssets: SignedAssets; verificationEvents: Pick<VerificationEvents, 'countForAsset' | 'countsForAccount' | 'recentForAccount'>; stripped?: StrippedCopies; clock?: () => Date }): Analytics {
  const { db, signedAssets, verificationEvents } = deps;
  const now = deps.clock ?? (() => new Date());

  return {
    async track(request) {
      const asset = await signedAssets.findByRef(request.data.assetId);
      const eventId = randomUUID();
      await db.insert(analyticsEvents).values({
        id: eventId,
        createdAt: now(),
        eventType: request.eventType,
        assetRef: asset?.manifestId ?? request.data.assetId,
        signedAssetId: asset?.id ?? null,
        ownerUserId: asset?.userId ?? null,
        userAgent: request.data.userAgent ?? null,
        geo: request.data.geo ?? null,
      });
      const ref = asset?.manifestId ?? request.data.assetId;
      const [byType, verifications] = await Promise.all([
        db.select({ type: analyticsEvents.eventType, total: count() }).from(analyticsEvents).where(eq(analyticsEvents.assetRef, ref)).groupBy(analyticsEvents.eventType),
        verificationEvents.countForAsset(asset ? { signedAssetId: asset.id } : { manifestId: ref }),
      ]);
      const metrics = Object.fromEntries(ANALYTICS_EVENT_TYPES.map((type) => [type, byType.find((row) => row.type === type)?.total ?? 0])) as TAssetMetrics;
      metrics.verifications = verifications;
      return { eventId, metrics };
    },

    async summary(userId) {
      const today = new Date(isoDay(now()));
      const since = new Date(today.getTime() - 29 * DAY_MS);
      const [manifests, { byStatus, today: todayCount, perDay: perDayRows, failureReasons, byRole, mediaChecks }] = await Promise.all([
        signedAssets.countForUser(userId),
        verificationEvents.countsForAccount(userId, { today, since }),
      ]);
      // After the counts, which wrote the queued events first.
      const stripped = deps.stripped ? await deps.stripped.summary(userId) : undefined;
      const counts = Object.fromEntries(STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.total ?? 0])) as Record<TVerificationStatus, number>;
      const total = STATUSES.reduce((sum, status) => sum + counts[status], 0);
      const perDay = Array.from({ length: 30 }, (_, index) => {
        const date = isoDay(new Date(since.getTime() + index * DAY_MS));
        const day = Object.fromEntries(STATUSES.map((status) => [status, perDayRows.find((row) => row.day === date && row.status === status)?.total ?? 0])) as Record<TVerificationStatus, number>;
        return { date, ...day };
      });
      const roleCounts = (own: boolean) => {
        const byRoleStatus = Object.fromEntries(STATUSES.map((status) => [status, byRole.find((row) => row.status === status && row.own === own)?.total ?? 0])) as Record<TVerificationStatus, number>;
        return { total: STATUSES.reduce((sum, status) => sum + byRoleStatus[status], 0), ...byRoleStatus };
      };
      return {
        manifests,
        verifications: { total, ...counts },
        ownContent: roleCounts(true),
        performed: roleCounts(false),
        successRate: total === 0 ? null : Math.round((counts.verified / total) * 1000) / 10,
        verificationsToday: todayCount,
        perDay,
        failureReasons: failureReasons.map((row) => ({ reason: row.reason, status: row.status, count: row.total })),
        mediaChecks,
        ...(stripped && { stripped }),
      };
    },

    async recentVerificationEvents(userId, limit) {
      const rows = await verificationEvents.recentForAccount(userId, limit);
      return rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        status: row.status,
        reason: row.reason,
        geo_location: row.geoLocation,
        manifestId: row.manifestId,
        source: row.source,
        ofOwnContent: row.ownerUserId === userId,
        ...((row.mediaCheck === 'mismatch' || row.mediaCheck === 'unchecked') && { mediaCheck: row.mediaCheck }),
        trustLabel: row.trustLabel,
        organization: row.organization,
        assetUrl: row.assetUrl,
        pageOrigin: row.referrer,
        recovery: row.recoveryMethod && row.recoveredManifestId ? { method: row.recoveryMethod, similarity: row.recoverySimilarity ?? 0, manifestId: row.recoveredManifestId } : null,
        // The signed asset's reference is set only for a manifest of ours, recovered or the file's own.
        heldManifestId: row.signedAssetId ? (row.recoveredManifestId ?? row.manifestId) : null,
        // A job is its own account's: another account's item is not linked (the event may be of the owner's content).
        jobItem: row.jobId !== null && row.jobItemIndex !== null && row.callerUserId === userId ? { jobId: row.jobId, index: row.jobItemIndex } : null,
      }));
    },
  };
}
