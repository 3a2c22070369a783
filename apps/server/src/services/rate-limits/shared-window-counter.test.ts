import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createSharedWindowCounter } from './shared-window-counter.ts';

describe.each(testDatabaseKinds())('shared window counter on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database.close());

  const takeMany = (counter: ReturnType<typeof createSharedWindowCounter>, key: string, times: number) =>
    Array.from({ length: times }, () => counter.take(key, { limit: 10, windowSeconds: 60 }).allowed);

  it('two server copies over one database converge on the client total after reconciling', async () => {
    let now = new Date('2026-03-01T10:00:05Z');
    const clock = () => now;
    const first = createSharedWindowCounter({ db: database.db, clock });
    const second = createSharedWindowCounter({ db: database.db, clock });
    // Each copy alone admits what it sees: 6 + 6 requests of a client limited to 10 a minute.
    expect(takeMany(first, 'track:ip:203.0.113.7', 6)).toEqual(Array(6).fill(true));
    expect(takeMany(second, 'track:ip:203.0.113.7', 6)).toEqual(Array(6).fill(true));
    await first.reconcile();
    await second.reconcile();
    // The first copy has not heard of the second's 6 yet: the client's next request there counts,
    // and that copy's next reconcile reads back the total of 13, over the limit of 10.
    expect(first.take('track:ip:203.0.113.7', { limit: 10, windowSeconds: 60 })).toEqual({ allowed: true });
    await first.reconcile();
    expect(first.take('track:ip:203.0.113.7', { limit: 10, windowSeconds: 60 })).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect(second.take('track:ip:203.0.113.7', { limit: 10, windowSeconds: 60 })).toEqual({ allowed: false, retryAfterSeconds: 55 });
    // Another client is not affected, and the next window starts afresh.
    expect(first.take('track:ip:203.0.113.8', { limit: 10, windowSeconds: 60 })).toEqual({ allowed: true });
    now = new Date('2026-03-01T10:01:00Z');
    expect(second.take('track:ip:203.0.113.7', { limit: 10, windowSeconds: 60 })).toEqual({ allowed: true });
    await first.close();
    await second.close();
  });

  it('counts locally without the database, and sends what it counted once the database answers again', async () => {
    const now = new Date('2026-03-01T11:00:00Z');
    let failing = true;
    const flaky = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'insert' && failing) return () => { throw new Error('database unreachable'); };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const copy = createSharedWindowCounter({ db: flaky, clock: () => now });
    const other = createSharedWindowCounter({ db: database.db, clock: () => now });
    expect(takeMany(copy, 'support:ip:198.51.100.9', 4)).toEqual(Array(4).fill(true));
    await copy.reconcile(); // fails: the 4 stay counted here
    expect(takeMany(copy, 'support:ip:198.51.100.9', 7)).toEqual([...Array(6).fill(true), false]);
    failing = false;
    await copy.reconcile();
    expect(other.take('support:ip:198.51.100.9', { limit: 10, windowSeconds: 60 }).allowed).toBe(true);
    await other.reconcile();
    // The other copy learned the 10 requests the first one counted while the database was away.
    expect(other.take('support:ip:198.51.100.9', { limit: 10, windowSeconds: 60 }).allowed).toBe(false);
    await copy.close();
    await other.close();
  });
});
