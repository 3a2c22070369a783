import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/index.ts';
import { DEMO_CLEANUP_CRON, DEMO_CLEANUP_QUEUE } from '../../services/accounts/demo-cleanup.ts';
import { DEFAULT_ATTEMPT_LIMITS } from '../../services/rate-limits/attempt-limits.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, useTestServer, readJson, signUpAccount, TEST_DEMO_PASSWORD } from '../../testing/test-server.ts';

interface DemoResponse {
  email: string;
  password: string;
  user: { id: string; email: string; is_demo: boolean };
}

describe.each(testDatabaseKinds())('POST /auth/demo on %s', (kind) => {
  const suite = useTestServer(kind);

  it('creates a demo account with a timestamped address and the fixed password, then it can sign in', async () => {
    const before = Date.now();
    const response = await suite.server.request('POST', 'auth/demo');
    expect(response.status).toBe(201);
    const demo = await readJson<DemoResponse>(response);
    expect(demo.password).toBe(TEST_DEMO_PASSWORD);
    const match = /^demo-(\d+)-[0-9a-f]+@demo\.provenance\.local$/.exec(demo.email);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
    expect(demo.user).toEqual({ id: expect.any(String), email: demo.email, is_demo: true });

    const signIn = await suite.server.request('POST', 'auth/sign-in', { body: { email: demo.email, password: demo.password } });
    expect(signIn.status).toBe(200);
    const { session } = await readJson<{ session: { access_token: string; user: { is_demo: boolean } } }>(signIn);
    expect(session.user.is_demo).toBe(true);
    expect(await readJson(await suite.server.request('GET', 'auth/user', { token: session.access_token }))).toEqual({ user: demo.user });
  });

  it('removes demo accounts and their data after 24 hours, and nothing else', async () => {
    const demo = await readJson<DemoResponse>(await suite.server.request('POST', 'auth/demo'));
    const regular = await signUpAccount(suite.server);
    const { services } = suite.server;

    // Younger than a day: kept.
    expect(await services.demoAccounts.removeExpired(new Date(Date.now() + 23 * 60 * 60 * 1000))).toBe(0);
    const removed = await services.demoAccounts.removeExpired(new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000));
    expect(removed).toBeGreaterThanOrEqual(1);

    expect(await suite.database.db.select().from(users).where(eq(users.id, demo.user.id))).toEqual([]);
    expect(await suite.database.db.select().from(apiKeys).where(eq(apiKeys.userId, demo.user.id))).toEqual([]);
    const signIn = await suite.server.request('POST', 'auth/sign-in', { body: { email: demo.email, password: demo.password } });
    expect(signIn.status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: regular.session.access_token })).status).toBe(200);
  });

  it('removes expired demo accounts from the work queue every 15 minutes, once across all copies', async () => {
    const demo = await readJson<DemoResponse>(await suite.server.request('POST', 'auth/demo'));
    // A copy whose clock is a day and an hour ahead: the demo account has expired there.
    const later = await createTestServer(suite.database, { clock: () => new Date(Date.now() + 25 * 60 * 60 * 1000) });
    try {
      const boss = await later.services.queue.boss();
      expect(await boss.getSchedules()).toEqual(expect.arrayContaining([expect.objectContaining({ name: DEMO_CLEANUP_QUEUE, cron: DEMO_CLEANUP_CRON, timezone: 'UTC' })]));
      // What the schedule fires: one job, which one copy takes.
      await later.services.queue.send(DEMO_CLEANUP_QUEUE, {});
      const deadline = Date.now() + 30_000;
      while ((await suite.database.db.select().from(users).where(eq(users.id, demo.user.id))).length > 0) {
        if (Date.now() > deadline) throw new Error('the demo account was not removed by the queued cleanup');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await later.close();
    }
  }, 60_000);

  it('limits demo creation per IP with a 429 and Retry-After (default limits)', async () => {
    const limited = await createTestServer(suite.database, { attemptLimits: DEFAULT_ATTEMPT_LIMITS });
    const ip = '203.0.113.77';
    const allowed = DEFAULT_ATTEMPT_LIMITS.demo.perIp.limit;
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      expect((await limited.request('POST', 'auth/demo', { ip })).status).toBe(201);
    }
    const tripped = await limited.request('POST', 'auth/demo', { ip });
    expect(tripped.status).toBe(429);
    expect(Number(tripped.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson<{ error: { code: string } }>(tripped)).error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await limited.request('POST', 'auth/demo', { ip: '203.0.113.78' })).status).toBe(201);
  });
});
