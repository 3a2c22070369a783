import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { createLogger } from '../logging/logger.ts';
import { openTestDatabase, testDatabaseKinds, type TestDatabaseKind } from '../testing/test-databases.ts';
import { createTaskQueue, type TaskQueue } from './task-queue.ts';

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Queue copies over one test database (opened with the first), stopped and closed after each test. */
function queueCopies(kind: TestDatabaseKind): { queues: TaskQueue[]; add(): Promise<TaskQueue> } {
  const logger = createLogger({ level: 'error', write: () => {} });
  let database: DbHandle | undefined;
  const copies = {
    queues: [] as TaskQueue[],
    async add() {
      database ??= await openTestDatabase(kind);
      const queue = createTaskQueue({ sql: database.sql, logger });
      copies.queues.push(queue);
      return queue;
    },
  };
  afterEach(async () => {
    for (const queue of copies.queues) await queue.stop(1_000);
    copies.queues = [];
    await database?.close();
    database = undefined;
  });
  return copies;
}

describe.each(testDatabaseKinds())('task queue on %s', (kind) => {
  const copies = queueCopies(kind);

  it('runs each sent task once, retries a failing one with its data, and survives a second copy', async () => {
    const seen: number[] = [];
    const attempts = new Map<number, number>();
    const handler = async (tasks: { data: { n: number } }[]) => {
      for (const task of tasks) {
        const count = (attempts.get(task.data.n) ?? 0) + 1;
        attempts.set(task.data.n, count);
        if (task.data.n === 3 && count === 1) throw new Error('first attempt fails');
        seen.push(task.data.n);
      }
    };
    // Two copies over one database, as two server processes would be.
    for (let copy = 0; copy < 2; copy += 1) {
      const queue = await copies.add();
      queue.define<{ n: number }>({ queue: 'numbers', options: { retryLimit: 2, retryDelay: 0 }, work: { pollingIntervalSeconds: 0.5 }, handler });
    }
    expect(copies.queues[0]!.started).toBe(false);
    for (const queue of copies.queues) await queue.start();
    await copies.queues[0]!.insert('numbers', [1, 2, 3, 4, 5, 6].map((n) => ({ data: { n } })));
    await until(() => seen.length === 6);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(attempts.get(3)).toBe(2);
  }, 60_000);
});

// Server copies share a database only on PostgreSQL (an embedded PGlite belongs to one process), so
// copies starting together are tested there.
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('task queue copies starting together on %s', (kind) => {
  const copies = queueCopies(kind);

  // Copies starting at the same moment declare the same queues at once; on PostgreSQL two
  // create_queue calls can deadlock, which a start must survive (it stopped a copy in CI).
  it('starts copies that declare the same queues at the same moment', async () => {
    const handled: string[] = [];
    for (let copy = 0; copy < 4; copy += 1) {
      const queue = await copies.add();
      for (let n = 0; n < 8; n += 1) {
        queue.define<{ copy: number }>({ queue: `race-${n}`, work: { pollingIntervalSeconds: 0.5 }, handler: async (tasks) => void handled.push(...tasks.map(() => `race-${n}`)) });
      }
      queue.schedule({ queue: 'race-schedule', cron: '0 8 * * 1' });
    }
    await Promise.all(copies.queues.map((queue) => queue.start()));
    for (let n = 0; n < 8; n += 1) await copies.queues[1]!.send(`race-${n}`, { copy: 1 });
    await until(() => handled.length === 8);
    expect(new Set(handled).size).toBe(8);
  }, 60_000);
});
