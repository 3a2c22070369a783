import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { confirmSignUp, createTestServer, readJson, signUpAccount, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { DEFAULT_ATTEMPT_LIMITS, type AttemptLimitRules } from './attempt-limits.ts';
import { delayAfterFailures } from './failure-streaks.ts';
import { createRateLimiter } from './rate-limiter.ts';

const TIGHT: AttemptLimitRules = {
  password: {
    perIp: { limit: 4, windowSeconds: 60 },
    perIpAndAccount: { freeFailures: 2, firstDelaySeconds: 10, maxDelaySeconds: 40, forgetAfterSeconds: 3600 },
  },
  'sign-up': { perIp: { limit: 2, windowSeconds: 60 } },
  demo: { perIp: { limit: 1, windowSeconds: 60 }, perAccount: { limit: 1, windowSeconds: 60 } },
};

/** A new account on `target` (whose secret signs its tokens), signed up from an address of its own. */
async function signUpFrom(target: TestServer, ip: string): Promise<{ email: string; password: string; token: string }> {
  const email = uniqueEmail();
  const response = await target.request('POST', 'auth/sign-up', { ip, body: { email, password: 'secret-123' } });
  expect(response.status).toBe(202);
  return { email, password: 'secret-123', token: (await confirmSignUp(target, email)).access_token };
}

/** The per-address count out of the way, to watch the (address, account) delays alone. */
const DELAYS_ONLY: AttemptLimitRules = { ...TIGHT, password: { ...TIGHT.password, perIp: { limit: 10_000, windowSeconds: 60 } } };

describe.each(testDatabaseKinds())('rate limits on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  /** Creates the accounts, so the tight sign-up limit is left to the test of it. */
  let setup: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { attemptLimits: TIGHT });
    setup = await createTestServer(database);
  });
  afterAll(async () => database.close());

  it('lets the owner sign in from another address after an attacker’s 20 wrong passwords (default limits)', async () => {
    const strict = await createTestServer(database, { attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    const account = await signUpAccount(setup);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await strict.request('POST', 'auth/sign-in', { ip: '192.0.2.66', body: { email: account.email, password: 'wrong-password' } });
      answers.push(response.status);
    }
    // The attacker's own address is slowed down: after the free failures it has to wait.
    expect(answers.slice(0, DEFAULT_ATTEMPT_LIMITS.password.perIpAndAccount.freeFailures).every((status) => status === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const owner = await strict.request('POST', 'auth/sign-in', { ip: '203.0.113.5', body: { email: account.email, password: account.password } });
    expect(owner.status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client: 60 wrong passwords from 12 of them are stopped (default limits)', async () => {
    const strict = await createTestServer(database, { attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    const account = await signUpAccount(setup);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const ip = `2001:db8:64:1::${(attempt % 12) + 1}`;
      statuses.push((await strict.request('POST', 'auth/sign-in', { ip, body: { email: account.email, password: 'wrong-password' } })).status);
    }
    expect(statuses[0]).toBe(401);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client: the owner there is not held up.
    const owner = await strict.request('POST', 'auth/sign-in', { ip: '2001:db8:64:2::1', body: { email: account.email, password: account.password } });
    expect(owner.status).toBe(200);
  });

  it('counts sign-ups from the addresses of one IPv6 /64 together', async () => {
    const signUp = (ip: string) => server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret-123' } });
    expect((await signUp('2001:db8:65:1::a')).status).toBe(202);
    expect((await signUp('2001:db8:65:1::b')).status).toBe(202);
    expect((await signUp('2001:db8:65:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await signUp('2001:db8:65:2::a')).status).toBe(202);
  });

  it('makes an (address, account) pair wait longer after each failure past the free ones, and a success clears them', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const clocked = await createTestServer(database, { attemptLimits: DELAYS_ONLY, clock: () => now });
    const account = await signUpAccount(setup);
    const ip = '192.0.2.77';
    const attempt = (password: string, from = ip) => clocked.request('POST', 'auth/sign-in', { ip: from, body: { email: account.email, password } });
    const advance = (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    };

    expect((await attempt('wrong-1')).status).toBe(401);
    expect((await attempt('wrong-2')).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const refused = await attempt('wrong-again');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(await readJson(refused)).toEqual({ error: { code: 'rate_limited', message: `Too many attempts; try again in ${wait} seconds` } });
      waits.push(wait);
      // One second early is still too early; on time, the attempt is checked (and fails again).
      advance(wait - 1);
      expect((await attempt('wrong-again')).status).toBe(429);
      advance(1);
      expect((await attempt('wrong-again')).status).toBe(401);
    }
    expect(waits).toEqual([10, 20, 40, 40]);

    // The same account from another address is not delayed at all.
    expect((await attempt('wrong-elsewhere', '192.0.2.78')).status).toBe(401);
    // The right password, once the wait is over, signs in and forgets the failures.
    advance(40);
    expect((await attempt(account.password)).status).toBe(200);
    expect((await attempt('wrong-3')).status).toBe(401);
    expect((await attempt('wrong-4')).status).toBe(401);
    expect((await attempt('wrong-5')).status).toBe(429);
  });

  it('doubles the wait per failure from the first delay up to the ceiling', () => {
    const rule = DEFAULT_ATTEMPT_LIMITS.password.perIpAndAccount;
    expect([0, 4, 5, 6, 7, 40].map((failures) => delayAfterFailures(failures, rule))).toEqual([0, 0, 2, 4, 8, rule.maxDelaySeconds]);
  });

  it('counts password attempts per address across different accounts', async () => {
    const ip = '198.51.100.40';
    for (let attempt = 0; attempt < TIGHT.password.perIp.limit; attempt += 1) {
      expect((await server.request('POST', 'auth/sign-in', { ip, body: { email: uniqueEmail(), password: 'whatever' } })).status).toBe(401);
    }
    const tripped = await server.request('POST', 'auth/sign-in', { ip, body: { email: uniqueEmail(), password: 'whatever' } });
    expect(tripped.status).toBe(429);
    expect(Number(tripped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await server.request('POST', 'auth/sign-in', { ip: '198.51.100.41', body: { email: uniqueEmail(), password: 'whatever' } })).status).toBe(401);
  });

  it('delays a wrong current password before a deletion like a wrong sign-in, and deletes nothing', async () => {
    const account = await signUpFrom(server, '198.51.100.44');
    const ip = '198.51.100.45';
    const remove = (currentPassword: string) => server.request('DELETE', 'account', { ip, token: account.token, body: { confirm: true, currentPassword } });
    expect((await remove('wrong-1')).status).toBe(403);
    expect((await remove('wrong-2')).status).toBe(403);
    expect((await remove(account.password)).status).toBe(429);
    expect((await server.request('GET', 'auth/user', { token: account.token })).status).toBe(200);
  });

  it('limits sign-up per address, and never per email', async () => {
    const ip = '198.51.100.50';
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret-123' } })).status).toBe(202);
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret-123' } })).status).toBe(202);
    expect((await server.request('POST', 'auth/sign-up', { ip, body: { email: uniqueEmail(), password: 'secret-123' } })).status).toBe(429);

    const email = uniqueEmail('contested');
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.51', body: { email, password: 'secret-123' } })).status).toBe(202);
    await confirmSignUp(server, email);
    // Answered as any sign-up (the email is taken, which the answer does not say), limited by the address only once over it.
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.52', body: { email, password: 'secret-123' } })).status).toBe(202);
    expect((await server.request('POST', 'auth/sign-up', { ip: '198.51.100.53', body: { email, password: 'secret-123' } })).status).toBe(202);
  });

  it('trips demo creation per signed-in account', async () => {
    const { token } = await signUpFrom(server, '198.51.100.59');
    expect((await server.request('POST', 'auth/demo', { ip: '198.51.100.60', token })).status).toBe(201);
    expect((await server.request('POST', 'auth/demo', { ip: '198.51.100.61', token })).status).toBe(429);
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
