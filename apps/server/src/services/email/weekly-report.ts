// Weekly Reports: what happened to an account's content in the past week (signings, verifications
// of its content by verdict, failures and why, the most verified assets), built from the same rows
// the Analytics page counts, and the email that says it. The builder takes the week's end, so a test
// (or an operator) builds any week's report at once instead of waiting for the schedule.
import type { TVerificationStatus } from '@provenance/contracts';
import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets, verificationEvents } from '../../db/schema/index.ts';
import { isVerificationOfManifest } from '../verification/verification-event-reads.ts';
import { renderEmail, type RenderedEmail } from './email-layout.ts';

const DAY_MS = 86_400_000;
const STATUSES: TVerificationStatus[] = ['verified', 'partial', 'invalid', 'unsigned'];

export interface WeeklyReport {
  userId: string;
  /** The week: from `weekStart` (inclusive) to `weekEnd` (exclusive), seven days. */
  weekStart: Date;
  weekEnd: Date;
  /** Assets the account signed in the week. */
  signings: number;
  /** Verifications of the account's own content in the week, by verdict. */
  verifications: Record<TVerificationStatus, number> & { total: number };
  /** Verifications of its content that did not verify (invalid), the ones an owner acts on. */
  failures: number;
  failureReasons: Array<{ reason: string; status: TVerificationStatus; count: number }>;
  /** The account's assets verified most in the week, most first. */
  topAssets: Array<{ assetId: string; manifestId: string; title: string | null; verifications: number; failures: number }>;
}

/** The week a report sent at `at` covers: the seven days before the start of that UTC day. */
export function reportWeekEnd(at: Date): Date {
  return new Date(at.toISOString().slice(0, 10));
}

export interface WeeklyReportBuilder {
  build(userId: string, weekEnd: Date): Promise<WeeklyReport>;
}

export function createWeeklyReportBuilder(deps: { db: Db; /** Writes verification events still queued behind responses. */ flushVerificationEvents: () => Promise<void> }): WeeklyReportBuilder {
  const { db } = deps;
  const e = verificationEvents;
  return {
    async build(userId, weekEnd) {
      await deps.flushVerificationEvents();
      const weekStart = new Date(weekEnd.getTime() - 7 * DAY_MS);
      // Own content, as the analytics summary counts it: the account owns the signed asset, whoever verified it.
      const ownInWeek = and(eq(e.ownerUserId, userId), gte(e.createdAt, weekStart), lt(e.createdAt, weekEnd), isVerificationOfManifest);
      const invalid = sql<number>`cast(count(*) filter (where ${e.status} = 'invalid') as integer)`;
      const [[signed], byStatus, failureReasons, top] = await Promise.all([
        db
          .select({ total: count() })
          .from(signedAssets)
          .where(and(eq(signedAssets.userId, userId), gte(signedAssets.signedAt, weekStart), lt(signedAssets.signedAt, weekEnd))),
        db.select({ status: e.status, total: count() }).from(e).where(ownInWeek).groupBy(e.status),
        db
          .select({ reason: e.reason, status: e.status, total: count() })
          .from(e)
          .where(and(ownInWeek, ne(e.status, 'verified')))
          .groupBy(e.reason, e.status)
          .orderBy(desc(count()))
          .limit(5),
        db
          .select({ assetId: signedAssets.id, manifestId: signedAssets.manifestId, title: signedAssets.title, total: count(), invalid })
          .from(e)
          .innerJoin(signedAssets, eq(signedAssets.id, e.signedAssetId))
          .where(ownInWeek)
          .groupBy(signedAssets.id, signedAssets.manifestId, signedAssets.title)
          .orderBy(desc(count()), signedAssets.manifestId)
          .limit(5),
      ]);
      const counts = Object.fromEntries(STATUSES.map((status) => [status, byStatus.find((row) => row.status === status)?.total ?? 0])) as Record<TVerificationStatus, number>;
      return {
        userId,
        weekStart,
        weekEnd,
        signings: signed?.total ?? 0,
        verifications: { ...counts, total: STATUSES.reduce((sum, status) => sum + counts[status], 0) },
        failures: counts.invalid,
        failureReasons: failureReasons.map((row) => ({ reason: row.reason, status: row.status, count: row.total })),
        topAssets: top.map((row) => ({ assetId: row.assetId, manifestId: row.manifestId, title: row.title, verifications: row.total, failures: Number(row.invalid) })),
      };
    },
  };
}

/** True when the week had nothing to say: no signing and no verification. */
export function isEmptyWeek(report: WeeklyReport): boolean {
  return report.signings === 0 && report.verifications.total === 0;
}

export function weeklyReportEmail(report: WeeklyReport, publicUrl: string): RenderedEmail {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const lastDay = day(new Date(report.weekEnd.getTime() - DAY_MS));
  const { verifications: v } = report;
  const lists = [
    ...(report.topAssets.length > 0
      ? [
          {
            title: 'Most verified assets',
            items: report.topAssets.map(
              (asset) => `${asset.title ?? asset.manifestId}: ${asset.verifications} verification${asset.verifications === 1 ? '' : 's'}${asset.failures > 0 ? `, ${asset.failures} failed` : ''} (${new URL(`/v/${encodeURIComponent(asset.manifestId)}`, publicUrl).href})`,
            ),
          },
        ]
      : []),
    ...(report.failureReasons.length > 0 ? [{ title: 'Why verifications did not pass', items: report.failureReasons.map((row) => `${row.reason} (${row.status}): ${row.count}`) }] : []),
  ];
  return renderEmail({
    subject: `Your weekly Content Credentials report, ${day(report.weekStart)} to ${lastDay}`,
    heading: `Your week: ${day(report.weekStart)} to ${lastDay} (UTC)`,
    paragraphs: [
      report.failures > 0
        ? `${report.failures} verification${report.failures === 1 ? '' : 's'} of your content failed this week: someone verified a copy that was changed after you signed it.`
        : 'No verification of your content failed this week.',
    ],
    facts: [
      ['Assets signed', String(report.signings)],
      ['Verifications of your content', String(v.total)],
      ['Verified', String(v.verified)],
      ['Partial (signer not trusted)', String(v.partial)],
      ['Failed (invalid)', String(v.invalid)],
      ['Stripped copies matched (unsigned)', String(v.unsigned)],
    ],
    lists,
    links: [{ label: 'Open Analytics', url: new URL('/analytics', publicUrl).href }],
    footer: `You get this email because Weekly Reports are on for your account. Turn them off under Settings, Notifications: ${new URL('/settings', publicUrl).href}`,
  });
}
