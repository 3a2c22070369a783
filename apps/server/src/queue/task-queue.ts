// The server's work queue: pg-boss on the server's own database (PostgreSQL, or the embedded PGlite
// through the same SQL connection), so batch job items, webhook deliveries, emails and weekly reports
// are claimed by exactly one server copy, retried with backoff and survive a crash. Its unit of work is
// a task (pg-boss calls it a job; "job" in this code is only a user's batch job).
//
// Services declare their queues and workers with define(); nothing touches the database until the
// queue starts: main.ts starts it eagerly, and in tests the first send() does, so suites that never
// queue anything never pay for pg-boss's schema.
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/create-db.ts';
import type { Logger } from '../logging/logger.ts';

/** A task on the queue: pg-boss's Job. */
export type QueueTask<T> = PgBoss.Job<T>;
export type QueueSendOptions = PgBoss.SendOptions;

export interface WorkerDefinition<T extends object> {
  /** The queue's name (pg-boss: letters, digits, `-`, `_`, `.`, `/`). */
  queue: string;
  /** Retry policy and expiry of the queue's tasks (pg-boss createQueue options). */
  options?: Omit<PgBoss.Queue, 'name'>;
  /** How this process fetches tasks (batch size, polling interval). */
  work?: PgBoss.WorkOptions;
  /** Parallel workers in this process (separate fetch loops); 1 when absent. */
  concurrency?: number;
  /** Throwing fails the fetched tasks, which pg-boss retries as the queue's policy says. */
  handler: (tasks: QueueTask<T>[]) => Promise<void>;
}

/** A cron schedule: pg-boss sends `data` to the queue at each tick, once across every server copy. */
export interface ScheduleDefinition {
  queue: string;
  cron: string;
  data?: object;
  tz?: string;
}

export interface TaskQueue {
  /** Declares a queue and, unless this process runs no workers, its worker; takes effect at start (or at once when started). */
  define<T extends object>(definition: WorkerDefinition<T>): void;
  /** Declares a queue without a worker in this process (a schedule's or another process's queue). */
  schedule(definition: ScheduleDefinition): void;
  /** Sends a task, starting the queue first if needed; returns the task's ID (null when a singleton/throttle policy dropped it). */
  send<T extends object>(queue: string, data: T, options?: QueueSendOptions): Promise<string | null>;
  /** Sends many tasks in one statement. */
  insert<T extends object>(queue: string, tasks: Array<{ data: T } & Omit<PgBoss.JobInsert<T>, 'name' | 'data'>>): Promise<void>;
  /** The started pg-boss instance, for what the methods above do not cover. */
  boss(): Promise<PgBoss>;
  start(): Promise<void>;
  /** Stops fetching, waits up to `timeoutMs` for running handlers, then fails what is still running (retried later). */
  stop(timeoutMs?: number): Promise<void>;
  readonly started: boolean;
}

export interface TaskQueueOptions {
  sql: SqlExecutor;
  logger: Logger;
  /** False: this process sends tasks but runs no workers. */
  runWorkers?: boolean;
}

export const QUEUE_SCHEMA = 'pgboss';

/**
 * PostgreSQL errors that mean another copy was declaring the same queue or schedule at the same
 * moment: a deadlock between two create_queue calls (each inserting the queue row and creating its
 * partition), or the partition or row the other made first. pg-boss's declarations are idempotent,
 * so doing it again settles it.
 */
const RACE_CODES = new Set(['40P01', '40001', '23505', '42P07']);

async function settlingRaces<T>(declare: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await declare();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= attempts || typeof code !== 'string' || !RACE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export function createTaskQueue(options: TaskQueueOptions): TaskQueue {
  const runWorkers = options.runWorkers ?? true;
  const definitions: WorkerDefinition<object>[] = [];
  const schedules: ScheduleDefinition[] = [];
  let instance: PgBoss | null = null;
  let starting: Promise<PgBoss> | null = null;
  let stopped = false;

  async function activate(boss: PgBoss, definition: WorkerDefinition<object>): Promise<void> {
    await settlingRaces(() => boss.createQueue(definition.queue, { ...definition.options, name: definition.queue }));
    if (!runWorkers) return;
    for (let i = 0; i < (definition.concurrency ?? 1); i += 1) {
      await boss.work<object>(definition.queue, { ...definition.work }, definition.handler);
    }
  }

  async function activateSchedule(boss: PgBoss, schedule: ScheduleDefinition): Promise<void> {
    await settlingRaces(() => boss.createQueue(schedule.queue));
    await settlingRaces(() => boss.schedule(schedule.queue, schedule.cron, schedule.data ?? {}, schedule.tz ? { tz: schedule.tz } : {}));
  }

  function boss(): Promise<PgBoss> {
    if (stopped) return Promise.reject(new Error('the task queue has stopped'));
    starting ??= (async () => {
      // Maintenance is when pg-boss finds active tasks past their expiry (a crashed copy's) and hands
      // them out again: every 30 s rather than its default 2 minutes.
      // Two copies installing pg-boss's schema at once can collide in the catalog (a duplicate
      // pg_namespace key, which pg-boss does not take for its own "already exists" race): a new
      // instance then finds the schema the other made.
      const created = await settlingRaces(async () => {
        const candidate = new PgBoss({ db: options.sql, schema: QUEUE_SCHEMA, migrate: true, supervise: true, schedule: runWorkers, maintenanceIntervalSeconds: 30 });
        candidate.on('error', (error) => options.logger.error('task queue error', { error: error.message }));
        try {
          await candidate.start();
          return candidate;
        } catch (error) {
          await candidate.stop({ graceful: false, close: false, wait: true, timeout: 1_000 }).catch(() => undefined);
          throw error;
        }
      });
      for (const definition of definitions) await activate(created, definition);
      for (const schedule of schedules) await activateSchedule(created, schedule);
      instance = created;
      return created;
    })();
    return starting;
  }

  return {
    define(definition) {
      definitions.push(definition as WorkerDefinition<object>);
      if (instance) void activate(instance, definition as WorkerDefinition<object>).catch((error: Error) => options.logger.error('task queue worker failed to start', { queue: definition.queue, error: error.message }));
    },
    schedule(schedule) {
      schedules.push(schedule);
      if (instance) void activateSchedule(instance, schedule).catch((error: Error) => options.logger.error('task queue schedule failed', { queue: schedule.queue, error: error.message }));
    },
    async send(queue, data, sendOptions) {
      return (await boss()).send(queue, data, sendOptions ?? {});
    },
    async insert(queue, tasks) {
      await (await boss()).insert(tasks.map((task) => ({ ...task, name: queue })));
    },
    boss,
    async start() {
      await boss();
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      const running = starting && (await starting.catch(() => null));
      if (running) await running.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
    get started() {
      return instance !== null;
    },
  };
}
