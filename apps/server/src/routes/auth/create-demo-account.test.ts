import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/index.ts';
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
