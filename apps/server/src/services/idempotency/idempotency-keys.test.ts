import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';
import { createLogger } from '../../logging/logger.ts';
import { createTaskQueue } from '../../queue/task-queue.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createIdempotencyKeys, type IdempotencyKeys } from './idempotency-keys.ts';

// The key's life: claimed once, answered, replayed within 24 hours, a new request after; a claim left
// by a crash taken over; expired keys swept.

describe.each(testDatabaseKinds())('idempotency keys on %s', (kind) => {
  let database: DbHandle;
  let keys: IdempotencyKeys;
  let now = new Date('2026-11-23T08:00:00Z');
  const userId = 'user-idempotency';
  const answer = { status: 201, contentType: 'application/json', body: '{"assetId":"a"}' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: 'ada-idempotency@example.com' });
    const logger = createLogger({ level: 'error', write: () => {} });
    // The queue is never started here: the sweep is called directly.
    keys = createIdempotencyKeys({ db: database.db, queue: createTaskQueue({ sql: database.sql, logger }), logger, clock: () => now });
  });
  afterAll(async () => database?.close());

  it('claims a key once, replays its answer within 24 hours, refuses it for another request and frees it after', async () => {
    expect(await keys.claim(userId, 'k1', 'fp-1')).toEqual({ kind: 'claimed' });
    expect(await keys.claim(userId, 'k1', 'fp-1')).toEqual({ kind: 'in_progress' });
    await keys.complete(userId, 'k1', answer);
    expect(await keys.claim(userId, 'k1', 'fp-1')).toEqual({ kind: 'replay', answer });
    expect(await keys.claim(userId, 'k1', 'fp-2')).toEqual({ kind: 'mismatch' });
    now = new Date(now.getTime() + 23 * 3600_000);
    expect((await keys.claim(userId, 'k1', 'fp-1')).kind).toBe('replay');
    now = new Date(now.getTime() + 2 * 3600_000);
    expect(await keys.claim(userId, 'k1', 'fp-2')).toEqual({ kind: 'claimed' });
  });

  it('lets a released key be claimed again and takes over a claim a crash left pending', async () => {
    expect((await keys.claim(userId, 'k2', 'fp')).kind).toBe('claimed');
    await keys.release(userId, 'k2');
    expect((await keys.claim(userId, 'k2', 'fp')).kind).toBe('claimed');
    now = new Date(now.getTime() + 4 * 60_000);
    expect((await keys.claim(userId, 'k2', 'fp')).kind).toBe('in_progress');
    now = new Date(now.getTime() + 2 * 60_000);
    const takers = await Promise.all([keys.claim(userId, 'k2', 'fp'), keys.claim(userId, 'k2', 'fp')]);
    expect(takers.map((claim) => claim.kind).sort()).toEqual(['claimed', 'in_progress']);
  });

  it('sweeps keys past their 24 hours', async () => {
    expect((await keys.claim(userId, 'k3', 'fp')).kind).toBe('claimed');
    now = new Date(now.getTime() + 25 * 3600_000);
    expect(await keys.sweep()).toBeGreaterThanOrEqual(1);
    expect((await keys.claim(userId, 'k3', 'other')).kind).toBe('claimed');
  });
});
