import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { DEFAULT_ATTEMPT_LIMITS, type AttemptLimitRules } from './attempt-limits.ts';
import { createRateLimiter } from './rate-limiter.ts';

const TIGHT: AttemptLimitRules = {
  'sign-in': { perIp: { limit: 4, windowSeconds: 60 }, perAccount: { limit: 3, windowSeconds: 60 } },
  'sign-up': { perIp: { limit: 2, windowSeconds: 60 }, perAccount: { limit: 2, windowSeconds: 60 } },
  demo: { perIp: { limit: 1, windowSeconds: 60 }, perAccount: { limit: 1, windowSeconds: 60 } },
};

describe.each(testDatabaseKinds())('rate limits on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = createTestServer(database, { attemptLimits: TIGHT });
  });
  afterAll(async () => database.close());

  it('trips sign-in per account (default limits), even from many addresses, with Retry-After', async () => {
    const strict = createTestServer(database, { attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    const account = await signUpAccount(strict, uniqueEmail(), 'secret-123');
    const limit = DEFAULT_ATTEMPT_LIMITS['sign-in'].perAccount.limit;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const response = await strict.request('POST', 'auth/sign-in', { ip: `192.0.2.${attempt + 1}`, body: { email: account.email, password: 'wrong-password' } });
      expect(response.status).toBe(401);
    }
    const tripped = await strict.request('POST', 'auth/sign-in', { ip: '192.0.2.200', body: { email: account.email, password: account.password } });
    expect(tripped.status).toBe(429);
    const retryAfter = Number(tripped.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEFAULT_ATTEMPT_LIMITS['sign-in'].perAccount.windowSeconds);
    expect(await readJson(tripped)).toEqual({ error: { code: 'rate_limited', message: `Too many attempts; try again in ${retryAfter} seconds` } });
  });

  it('trips sign-in per IP across different accounts', async () => {
    const ip = '198.51.100.40';
    for (let attempt = 0; attempt < TIGHT['sign-in'].perIp.limit; attempt += 1) {
      expect((await server.request('POST', 'auth/sign-in', { ip, body: { email: uniqueEmail(), password: 'whatever' } })).status).toBe(401);
    }
    expect((await server.request('POST', 'auth/sign-in', { ip, body: { email: uniqueEmail(), password: 'whatever' } })).status).toBe(429);
    expect((await server.request('POST', 'auth/sign-in', { ip: '198.51.100.41', body: { email: uniqueEmail(), password: 'whatever' } })).status).toBe(401);
  });

  it('trips sign-up per IP and per email', async () => {
    const ip = '198.51.100.50';
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret' } })).status).toBe(201);
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret' } })).status).toBe(201);
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret' } })).status).toBe(429);

    const email = uniqueEmail('contested');
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.51', body: { email, password: 'secret' } })).status).toBe(201);
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.52', body: { email, password: 'secret' } })).status).toBe(409);
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.53', body: { email, password: 'secret' } })).status).toBe(429);
  });

  it('trips demo creation per signed-in account', async () => {
    const { session } = await signUpAccount(server, uniqueEmail(), 'secret-123');
    expect((await server.request('POST', 'auth/demo', { ip: '198.51.100.60', token: session.access_token })).status).toBe(201);
    expect((await server.request('POST', 'auth/demo', { ip: '198.51.100.61', token: session.access_token })).status).toBe(429);
  });

  it('shares counters through the database and starts a new window when the old one ends', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const clock = () => now;
    // Two limiters over one database stand for two server copies.
    const first = createRateLimiter(database.db, clock);
    const second = createRateLimiter(database.db, clock);
    const rule = { limit: 2, windowSeconds: 60 };
    expect(await first.hit('shared:key', rule)).toEqual({ allowed: true });
    expect(await second.hit('shared:key', rule)).toEqual({ allowed: true });
    now = new Date('2026-01-01T00:00:20Z');
    expect(await first.hit('shared:key', rule)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    now = new Date('2026-01-01T00:01:00Z');
    expect(await second.hit('shared:key', rule)).toEqual({ allowed: true });
  });
});
