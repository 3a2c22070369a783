// Analytics: tracked badge and report events with per-asset counts, and the signed-in account's
// summary and recent verification events. Only real rows are counted; an account sees only events
// of its own assets or its own calls.
import { randomUUID } from 'node:crypto';
import { ANALYTICS_EVENT_TYPES, type TAnalyticsSummary, type TAssetMetrics, type TTrackAnalyticsRequest, type TVerificationEvent, type TVerificationStatus } from '@provenance/contracts';
import { and, count, desc, eq, gte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { analyticsEvents, verificationEvents } from '../../db/schema/index.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import type { VerificationEvents } from '../verification/verification-events.ts';

export interface Analytics {
  track(request: TTrackAnalyticsRequest): Promise<{ eventId: string; metrics: TAssetMetrics }>;
  summary(userId: string): Promise<TAnalyticsSummary>;
  recentEvents(userId: string, limit: number): Promise<TVerificationEvent[]>;
}

const STATUSES: TVerificationStatus[] = ['verified', 'partial', 'invalid', 'unsigned'];
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function createAnalytics(deps: { db: Db; signedAssets: SignedAssets; events: Pick<VerificationEvents, 'flush'>; clock?: () => Date }): Analytics {
  const { db, signedAssets, events } = deps;
  const now = deps.clock ?? (() => new Date());
  const involving = (userId: string) => or(eq(verificationEvents.ownerUserId, userId), eq(verificationEvents.callerUserId, userId));

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
      await events.flush();
      const byType = await db.select({ type: analyticsEvents.eventType, total: count() }).from(analyticsEvents).where(eq(analyticsEvents.assetRef, ref)).groupBy(analyticsEvents.eventType);
      const [verifications] = await db
        .select({ total: count() })
        .from(verificationEvents)
        .where(asset ? eq(verificationEvents.signedAssetId, asset.id) : eq(verificationEvents.manifestId, ref));
      const metrics = Object.fromEntries(ANALYTICS_EVENT_TYPES.map((type) => [type, byType.find((row) => row.type === type)?.total ?? 0])) as TAssetMetrics;
      metrics.verifications = verifications?.total ?? 0;
      return { eventId, metrics };
    },

    async summary(userId) {
      const today = new Date(isoDay(now()));
      const since = new Date(today.getTime() - 29 * DAY_MS);
      await events.flush();
      const [manifests, byStatus, [todayCount], perDayRows, reasons] = await Promise.all([
        signedAssets.countForUser(userId),
        db.select({ status: verificationEvents.status, total: count() }).from(verificationEvents).where(involving(userId)).groupBy(verificationEvents.status),
        db.select({ total: count() }).from(verificationEvents).where(and(involving(userId), gte(verificationEvents.createdAt, today))),
        db
          .select({ day: sql<string>`to_char(${verificationEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, status: verificationEvents.status, total: count() })
          .from(verificationEvents)
          .where(and(involving(userId), gte(verificationEvents.createdAt, since)))
          .groupBy(sql`1`, verificationEvents.status),
        db
          .select({ reason: verificationEvents.reason, total: count() })
          .from(verificationEvents)
          .where(and(involving(userId), ne(verificationEvents.status, 'verified')))
          .groupBy(verificationEvents.reason)
          .orderBy(desc(count()))
          .limit(8),
      ]);
      const counts = Object.fromEntries(STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.total ?? 0])) as Record<TVerificationStatus, number>;
      const total = STATUSES.reduce((sum, status) => sum + counts[status], 0);
      const perDay = Array.from({ length: 30 }, (_, index) => {
        const date = isoDay(new Date(since.getTime() + index * DAY_MS));
        const day = Object.fromEntries(STATUSES.map((status) => [status, perDayRows.find((row) => row.day === date && row.status === status)?.total ?? 0])) as Record<TVerificationStatus, number>;
        return { date, ...day };
      });
      return {
        manifests,
        verifications: { total, ...counts },
        successRate: total === 0 ? null : Math.round((counts.verified / total) * 1000) / 10,
        verificationsToday: todayCount?.total ?? 0,
        perDay,
        failureReasons: reasons.map((row) => ({ reason: row.reason, count: row.total })),
      };
    },

    async recentEvents(userId, limit) {
      await events.flush();
      const rows = await db.select().from(verificationEvents).where(involving(userId)).orderBy(desc(verificationEvents.createdAt)).limit(limit);
      return rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        status: row.status,
        reason: row.reason,
        geo_location: row.geoLocation,
        manifestId: row.manifestId,
        source: row.source,
      }));
    },
  };
}
