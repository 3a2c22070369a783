// The outbox: every email the gateway sends is first a row of email_outbox, then a task on the work
// queue that one server copy takes. The task sends the row through the mailer, retrying with backoff
// while the SMTP server fails, and records the end: sent, failed (with the reason), or, without
// SMTP_URL, outbox: kept in the table and logged at once (no task: there is nothing to send) so an
// operator sees mail is not configured, with the link of an email that carries one (a sign-up
// confirmation), which keeps a server without mail usable.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { emailAlertThrottle, emailOutbox, type EMAIL_KINDS, type EMAIL_STATUSES } from '../../db/schema/index.ts';
import type { Logger } from '../../logging/logger.ts';
import { QUEUE_SCHEMA, type QueueTask, type TaskQueue } from '../../queue/task-queue.ts';
import type { Mailer } from './mailer.ts';

export type EmailKind = (typeof EMAIL_KINDS)[number];
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export type EmailRow = typeof emailOutbox.$inferSelect;

export interface NewEmail {
  kind: EmailKind;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** The account the email is about, when one. */
  userId?: string | null;
  /** One email per key, ever: a second one with the same key is not written (weekly report of a week). */
  dedupeKey?: string;
  /** At most one email per key within `seconds`, across every server copy (Verification Alerts per asset). */
  throttle?: { key: string; seconds: number };
  /** The link the email is for (a sign-up confirmation): without SMTP_URL it is logged with the email. */
  link?: string;
}

/** How sending is retried: attempts in all, and the first delay (doubled each time when backoff is on). */
export interface EmailRetryPolicy {
  attempts: number;
  delaySeconds: number;
  backoff: boolean;
}

export const DEFAULT_EMAIL_RETRY: EmailRetryPolicy = { attempts: 5, delaySeconds: 30, backoff: true };

export const EMAIL_SEND_QUEUE = 'email-send';
/**
 * Every 10 minutes, queued rows that lost their task (a crash between writing and queueing) are queued
 * again, and finished rows past the retention are removed.
 */
export const EMAIL_SWEEP_QUEUE = 'email-outbox-sweep';
const SWEEP_CRON = '*/10 * * * *';
/** Older than this, a queued row without a live task is stranded: the writer's queueing would have happened long before. */
export const STRANDED_AFTER_SECONDS = 10 * 60;
/** How long a finished email (sent, failed, or kept in the outbox without SMTP) stays in the table. */
export const EMAIL_RETENTION_DAYS = 30;

export interface EmailOutbox {
  /** Writes the email and queues its sending; null when a dedupe key or throttle left it unwritten. */
  enqueue(email: NewEmail): Promise<string | null>;
  /** The newest rows (at most `limit`, 100 by default), of one account or one kind when asked (operators, tests). */
  list(filter?: { userId?: string; kind?: EmailKind; limit?: number }): Promise<EmailRow[]>;
  /** Queues again the rows still queued after `olderThanSeconds` with no task waiting or running for them; returns how many. */
  requeueStranded(olderThanSeconds?: number): Promise<number>;
  /**
   * Removes finished rows (sent, failed, outbox) created more than EMAIL_RETENTION_DAYS ago (queued
   * ones stay), and throttle slots last taken that long ago (no throttle is that long). Returns how many rows.
   */
  purgeFinished(): Promise<number>;
}

export interface EmailOutboxDeps {
  db: Db;
  queue: TaskQueue;
  logger: Logger;
  /** null: SMTP_URL is not set, emails stay in the outbox. */
  mailer: Mailer | null;
  from: string;
  retry?: EmailRetryPolicy;
  /** How often an idle worker asks the queue for emails (pg-boss: at least 0.5). */
  pollingIntervalSeconds?: number;
  clock?: () => Date;
}

type EmailSendTask = { emailId: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createEmailOutbox(deps: EmailOutboxDeps): EmailOutbox {
  const { db, logger } = deps;
  const retry = deps.retry ?? DEFAULT_EMAIL_RETRY;
  const now = deps.clock ?? (() => new Date());

  async function deliver(emailId: string): Promise<void> {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId)).limit(1);
    // Gone with its account, or already finished by an earlier run of this task.
    if (!row || row.status !== 'queued') return;
    if (!deps.mailer) {
      await db.update(emailOutbox).set({ status: 'outbox', updatedAt: now() }).where(eq(emailOutbox.id, row.id));
      logger.info('email kept in the outbox: SMTP_URL is not set', { emailId: row.id, kind: row.kind, to: row.to, subject: row.subject });
      return;
    }
    const attempts = row.attempts + 1;
    try {
      await deps.mailer.send({ from: deps.from, to: row.to, replyTo: row.replyTo ?? undefined, subject: row.subject, text: row.text, html: row.html ?? undefined, headers: { 'X-Provenance-Email-Id': row.id } });
    } catch (error) {
      const reason = errorText(error);
      const spent = attempts >= retry.attempts;
      await db
        .update(emailOutbox)
        .set({ attempts, error: reason, updatedAt: now(), ...(spent && { status: 'failed' as const }) })
        .where(eq(emailOutbox.id, row.id));
      if (spent) {
        logger.error('email failed, retries spent', { emailId: row.id, kind: row.kind, to: row.to, attempts, error: reason });
        return;
      }
      logger.warn('email attempt failed, will retry', { emailId: row.id, kind: row.kind, attempts, error: reason });
      // Thrown so the queue runs the task again after its (growing) delay.
      throw error;
    }
    await db.update(emailOutbox).set({ status: 'sent', attempts, error: null, sentAt: now(), updatedAt: now() }).where(eq(emailOutbox.id, row.id));
    logger.info('email sent', { emailId: row.id, kind: row.kind, attempts });
  }

  deps.queue.define<EmailSendTask>({
    queue: EMAIL_SEND_QUEUE,
    options: {
      // One spare retry beyond the policy: a task whose worker died mid-send (expired) still leaves the
      // row its last attempt; the row's count, not the queue's, decides when an email has failed.
      retryLimit: retry.attempts,
      retryDelay: retry.delaySeconds,
      retryBackoff: retry.backoff,
      expireInSeconds: 120,
    },
    work: { batchSize: 1, pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 },
    handler: async (tasks: QueueTask<EmailSendTask>[]) => {
      for (const task of tasks) await deliver(task.data.emailId);
    },
  });

  async function requeueStranded(olderThanSeconds = STRANDED_AFTER_SECONDS): Promise<number> {
    // The query reads pg-boss's tables, which exist once the queue has started.
    await deps.queue.start();
    const cutoff = new Date(now().getTime() - olderThanSeconds * 1000);
    // pg-boss keeps its tasks (its table `job`) in its own schema of this database; a row whose task
    // is created, waiting to retry or running is not stranded.
    const stranded = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'queued'),
          lt(emailOutbox.updatedAt, cutoff),
          sql`not exists (select 1 from ${sql.identifier(QUEUE_SCHEMA)}.job as j where j.name = ${EMAIL_SEND_QUEUE} and j.data->>'emailId' = ${emailOutbox.id} and j.state in ('created', 'retry', 'active'))`,
        ),
      )
      .limit(1000);
    if (stranded.length === 0) return 0;
    await deps.queue.insert<EmailSendTask>(EMAIL_SEND_QUEUE, stranded.map((row) => ({ data: { emailId: row.id } })));
    logger.warn('queued again emails that had lost their job', { emails: stranded.length });
    return stranded.length;
  }

  async function purgeFinished(): Promise<number> {
    const cutoff = new Date(now().getTime() - EMAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const removed = await db
      .delete(emailOutbox)
      .where(and(inArray(emailOutbox.status, ['sent', 'failed', 'outbox']), lt(emailOutbox.createdAt, cutoff)))
      .returning({ id: emailOutbox.id });
    const slots = await db.delete(emailAlertThrottle).where(lt(emailAlertThrottle.lastSentAt, cutoff)).returning({ key: emailAlertThrottle.key });
    if (removed.length > 0 || slots.length > 0) logger.info('finished emails past retention removed', { emails: removed.length, throttleSlots: slots.length, retentionDays: EMAIL_RETENTION_DAYS });
    return removed.length;
  }

  deps.queue.define<object>({
    queue: EMAIL_SWEEP_QUEUE,
    options: { retryLimit: 1, expireInSeconds: 300 },
    handler: async () => {
      await requeueStranded();
      await purgeFinished();
    },
  });
  deps.queue.schedule({ queue: EMAIL_SWEEP_QUEUE, cron: SWEEP_CRON, tz: 'UTC' });

  /** Takes the throttle slot of `key` unless it was taken less than `seconds` ago; atomic across copies. */
  async function claimThrottle(tx: Pick<Db, 'insert'>, key: string, seconds: number): Promise<boolean> {
    const at = now();
    const claimed = await tx
      .insert(emailAlertThrottle)
      .values({ key, lastSentAt: at })
      .onConflictDoUpdate({ target: emailAlertThrottle.key, set: { lastSentAt: at }, setWhere: lt(emailAlertThrottle.lastSentAt, new Date(at.getTime() - seconds * 1000)) })
      .returning({ key: emailAlertThrottle.key });
    return claimed.length > 0;
  }

  return {
    requeueStranded,
    purgeFinished,
    async enqueue(email) {
      // The throttle slot and the row commit together: a slot is never taken for an email not written.
      const id = await db.transaction(async (tx) => {
        if (email.throttle && !(await claimThrottle(tx, email.throttle.key, email.throttle.seconds))) return null;
        const [row] = await tx
          .insert(emailOutbox)
          .values({
            kind: email.kind,
            to: email.to,
            replyTo: email.replyTo ?? null,
            subject: email.subject,
            text: email.text,
            html: email.html ?? null,
            userId: email.userId ?? null,
            dedupeKey: email.dedupeKey ?? null,
            ...(!deps.mailer && { status: 'outbox' as const }),
          })
          .onConflictDoNothing({ target: emailOutbox.dedupeKey })
          .returning({ id: emailOutbox.id });
        return row?.id ?? null;
      });
      if (!id) return null;
      if (!deps.mailer) {
        logger.info('email kept in the outbox: SMTP_URL is not set', { emailId: id, kind: email.kind, to: email.to, subject: email.subject, ...(email.link && { link: email.link }) });
        return id;
      }
      // A crash between the commit and this send leaves a queued row without a task: the sweep
      // queues it again (requeueStranded), so the email is late, never lost.
      await deps.queue.send<EmailSendTask>(EMAIL_SEND_QUEUE, { emailId: id });
      return id;
    },
    async list(filter = {}) {
      const where = and(filter.userId ? eq(emailOutbox.userId, filter.userId) : undefined, filter.kind ? eq(emailOutbox.kind, filter.kind) : undefined);
      return db
        .select()
        .from(emailOutbox)
        .where(where)
        .orderBy(sql`${emailOutbox.createdAt} desc`)
        .limit(filter.limit ?? 100);
    },
  };
}
