import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createJobStore, type JobStore } from './job-store.ts';

// The finishing transaction is what makes a redelivered item a no-op and the job complete once.

describe.each(testDatabaseKinds())('job store on %s', (kind) => {
  let database: DbHandle;
  let store: JobStore;
  const userId = 'user-job-store';

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.insert(users).values({ id: userId, name: 'Ada', email: 'ada-job-store@example.com', emailVerified: false, createdAt: new Date(), updatedAt: new Date() });
    store = createJobStore(database.db);
  });
  afterAll(async () => database?.close());

  it('finishes each item once however often it is delivered, and completes the job in exactly one call', async () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ assetUrl: `https://example.org/${index}.jpg` }));
    await store.create({ id: 'job-a', userId, type: 'verify' }, items);
    expect(await store.queuedIndexes('job-a')).toHaveLength(40);
    // Every item delivered three times at once (redeliveries racing the first run).
    const calls = await Promise.all(
      items.flatMap((_, index) => [0, 1, 2].map(() => store.finish('job-a', index, index % 10 === 0 ? { status: 'failed', error: { code: 'fetch_status', message: 'HTTP 404' } } : { status: 'done', result: '{"ok":true}' }))),
    );
    expect(calls.filter((call) => call !== null)).toHaveLength(40);
    expect(calls.filter((call) => call?.completed)).toHaveLength(1);
    expect(await store.find(userId, 'job-a')).toMatchObject({ status: 'completed', total: 40, done: 36, failed: 4 });
    expect(await store.countFailedAttempt('job-a', 3)).toBeNull();
    const finished = await store.finishedItems('job-a', -1, 100);
    expect(finished.map((item) => item.index)).toEqual(items.map((_, index) => index));
    expect(finished[10]).toMatchObject({ status: 'failed', error: { code: 'fetch_status', message: 'HTTP 404' }, result: null });
  });

  it('counts failed attempts of a queued item and calls a job whose items all failed failed', async () => {
    await store.create({ id: 'job-b', userId, type: 'sign' }, [{ assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'Ada' } }]);
    expect(await store.countFailedAttempt('job-b', 0)).toBe(1);
    expect(await store.countFailedAttempt('job-b', 0)).toBe(2);
    expect(await store.item('job-b', 0)).toMatchObject({ type: 'sign', userId, metadata: { creator: 'Ada' }, status: 'queued' });
    await store.markRunning('job-b');
    expect((await store.find(userId, 'job-b'))?.status).toBe('running');
    const last = await store.finish('job-b', 0, { status: 'failed', error: { code: 'unsupported_format', message: 'Not an image' } });
    expect(last).toMatchObject({ completed: true, job: { status: 'failed', done: 0, failed: 1 } });
    expect(await store.find('someone-else', 'job-b')).toBeNull();
  });
});
