// Everything the gateway emails, wired from its settings: the outbox and its sending queue,
// Verification Alerts listening to account events, the weekly schedule of Weekly Reports, and the
// emails of support requests. Built by create-services.ts when the server is given email settings.
import type { Db } from '../../db/create-db.ts';
import type { Logger } from '../../logging/logger.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { NotificationPreferences } from '../notifications/notification-preferences.ts';
import { createEmailOutbox, type EmailOutbox, type EmailRetryPolicy } from './email-outbox.ts';
import type { Mailer } from './mailer.ts';
import { createSignUpNotices, type SignUpNotices } from './sign-up-notices.ts';
import { createSupportEmails, type SupportEmails } from './support-emails.ts';
import { createVerificationAlerts, type VerificationAlerts } from './verification-alerts.ts';
import { createWeeklyReportBuilder, type WeeklyReportBuilder } from './weekly-report.ts';
import { createWeeklyReports, type WeeklyReports } from './weekly-reports.ts';

export interface EmailSettings {
  /** The SMTP transport (SMTP_URL); null keeps every email in the outbox table, logged. */
  mailer: Mailer | null;
  /** EMAIL_FROM. */
  from: string;
  /** SUPPORT_EMAIL: where support requests go; unset, only a signed-in sender's acknowledgement is sent. */
  supportEmail?: string | undefined;
  retry?: EmailRetryPolicy;
  pollingIntervalSeconds?: number;
  /** Verification Alerts of one asset at most this often (3600). */
  alertIntervalSeconds?: number;
  /** When Weekly Reports go out (cron, UTC); Mondays 08:00 by default. */
  weeklyReportCron?: string;
}

export interface EmailNotifications {
  outbox: EmailOutbox;
  alerts: VerificationAlerts;
  weeklyReport: WeeklyReportBuilder;
  weeklyReports: WeeklyReports;
  support: SupportEmails;
  signUpNotices: SignUpNotices;
}

export interface EmailNotificationsDeps {
  db: Db;
  queue: TaskQueue;
  logger: Logger;
  publicUrl: string;
  settings: EmailSettings;
  accountEvents: AccountEvents;
  preferences: NotificationPreferences;
  signedAssets: Pick<SignedAssets, 'findByRef'>;
  flushVerificationEvents: () => Promise<void>;
  clock?: (() => Date) | undefined;
}

export function createEmailNotifications(deps: EmailNotificationsDeps): EmailNotifications {
  const { settings } = deps;
  const clock = deps.clock ? { clock: deps.clock } : {};
  const polling = settings.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: settings.pollingIntervalSeconds } : {};
  const outbox = createEmailOutbox({ db: deps.db, queue: deps.queue, logger: deps.logger, mailer: settings.mailer, from: settings.from, ...(settings.retry && { retry: settings.retry }), ...polling, ...clock });
  const alerts = createVerificationAlerts({
    db: deps.db,
    outbox,
    preferences: deps.preferences,
    signedAssets: deps.signedAssets,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    ...(settings.alertIntervalSeconds !== undefined && { intervalSeconds: settings.alertIntervalSeconds }),
  });
  alerts.listen(deps.accountEvents);
  const weeklyReport = createWeeklyReportBuilder({ db: deps.db, flushVerificationEvents: deps.flushVerificationEvents });
  const weeklyReports = createWeeklyReports({
    db: deps.db,
    queue: deps.queue,
    outbox,
    builder: weeklyReport,
    logger: deps.logger,
    publicUrl: deps.publicUrl,
    ...(settings.weeklyReportCron && { cron: settings.weeklyReportCron }),
    ...polling,
    ...clock,
  });
  return {
    outbox,
    alerts,
    weeklyReport,
    weeklyReports,
    support: createSupportEmails({ db: deps.db, outbox, supportEmail: settings.supportEmail, publicUrl: deps.publicUrl }),
    signUpNotices: createSignUpNotices({ db: deps.db, outbox, publicUrl: deps.publicUrl }),
  };
}
