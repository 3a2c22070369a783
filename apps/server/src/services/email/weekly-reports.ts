// Sending Weekly Reports: a pg-boss schedule fires once a week across every server copy; its task
// queues one task per account with Weekly Reports on, and each of those builds and queues that
// account's email. The outbox's dedupe key (account and week) makes a retried or repeated run send
// no second report of the same week.
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import type { Logger } from '../../logging/logger.ts';
import type { QueueTask, TaskQueue } from '../../queue/task-queue.ts';
import type { EmailOutbox } from './email-outbox.ts';
import { isEmptyWeek, reportWeekEnd, weeklyReportEmail, type WeeklyReportBuilder } from './weekly-report.ts';

export const WEEKLY_REPORTS_QUEUE = 'email-weekly-reports';
export const WEEKLY_REPORT_QUEUE = 'email-weekly-report';
/** Mondays at 08:00 UTC. */
export const DEFAULT_WEEKLY_REPORT_CRON = '0 8 * * 1';

const PAGE = 500;

export interface WeeklyReports {
  /** Queues this week's report of every account with Weekly Reports on (what the schedule runs); returns how many accounts. */
  queueAll(at?: Date): Promise<number>;
  /** Builds and queues one account's report of the week ending `weekEnd`; the email's ID, or null (nothing that week, preference off, already sent). */
  sendFor(userId: string, weekEnd: Date): Promise<string | null>;
}

export interface WeeklyReportsDeps {
  db: Db;
  queue: TaskQueue;
  outbox: EmailOutbox;
  builder: WeeklyReportBuilder;
  logger: Logger;
  publicUrl: string;
  cron?: string;
  pollingIntervalSeconds?: number;
  clock?: () => Date;
}

type AccountReportTask = { userId: string; weekEnd: string };

export function createWeeklyReports(deps: WeeklyReportsDeps): WeeklyReports {
  const { db } = deps;
  const now = deps.clock ?? (() => new Date());
  // Accounts without a saved preference have it on (the default); demo accounts have no real address.
  const wantsReports = and(eq(users.isDemo, false), or(isNull(notificationPreferences.userId), eq(notificationPreferences.weeklyReports, true)));

  async function sendFor(userId: string, weekEnd: Date): Promise<string | null> {
    const [account] = await db
      .select({ email: users.email })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(and(eq(users.id, userId), wantsReports))
      .limit(1);
    if (!account) return null;
    const report = await deps.builder.build(userId, weekEnd);
    // A week with no signing and no verification has nothing to report.
    if (isEmptyWeek(report)) return null;
    const email = weeklyReportEmail(report, deps.publicUrl);
    return deps.outbox.enqueue({ kind: 'weekly-report', userId, to: account.email, ...email, dedupeKey: `weekly-report:${userId}:${report.weekStart.toISOString().slice(0, 10)}` });
  }

  async function queueAll(at = now()): Promise<number> {
    const weekEnd = reportWeekEnd(at).toISOString();
    let queued = 0;
    // Keyset pages, so a large user table is never read at once.
    for (let after = ''; ; ) {
      const page = await db
        .select({ id: users.id })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(and(wantsReports, gt(users.id, after)))
        .orderBy(asc(users.id))
        .limit(PAGE);
      if (page.length === 0) break;
      await deps.queue.insert<AccountReportTask>(WEEKLY_REPORT_QUEUE, page.map((row) => ({ data: { userId: row.id, weekEnd } })));
      queued += page.length;
      after = page[page.length - 1]!.id;
    }
    deps.logger.info('weekly reports queued', { accounts: queued, weekEnd });
    return queued;
  }

  deps.queue.define<AccountReportTask>({
    queue: WEEKLY_REPORT_QUEUE,
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
    work: { batchSize: 1, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
    handler: async (tasks: QueueTask<AccountReportTask>[]) => {
      for (const task of tasks) await sendFor(task.data.userId, new Date(task.data.weekEnd));
    },
  });
  deps.queue.define<object>({
    queue: WEEKLY_REPORTS_QUEUE,
    options: { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    work: { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
    handler: async () => {
      await queueAll();
    },
  });
  deps.queue.schedule({ queue: WEEKLY_REPORTS_QUEUE, cron: deps.cron ?? DEFAULT_WEEKLY_REPORT_CRON, tz: 'UTC' });

  return { queueAll, sendFor };
}
