import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, apiKeys, notificationPreferences, refreshTokens, sessions, supportRequests, users } from '../../db/schema/index.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('DELETE /account on %s', (kind) => {
  const suite = useTestServer(kind);

  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const { db } = suite.database;
    return {
      users: (await db.select().from(users).where(eq(users.id, userId))).length,
      sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
      accounts: (await db.select().from(accounts).where(eq(accounts.userId, userId))).length,
      refreshTokens: (await db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId))).length,
      apiKeys: (await db.select().from(apiKeys).where(eq(apiKeys.userId, userId))).length,
      notificationPreferences: (await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))).length,
      supportRequests: (await db.select().from(supportRequests).where(eq(supportRequests.userId, userId))).length,
    };
  }

  it('deletes the signed-in account and all its data; it can no longer sign in', async () => {
    const account = await signUpAccount(suite.server);
    const other = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const key = await readJson<{ key: { secret: string } }>(await suite.server.request('POST', 'account/api-keys/test/regenerate', { token }));
    await suite.server.request('PUT', 'account/notifications', { token, body: { verificationAlerts: false, weeklyReports: true, productUpdates: false } });
    await suite.server.request('POST', 'support-requests', { token, body: { name: 'Ada', email: account.email, subject: 'Help', message: 'Please' } });
    await suite.server.request('PUT', 'account/notifications', { token: other.session.access_token, body: { verificationAlerts: false, weeklyReports: false, productUpdates: false } });
    expect(Object.values(await rowsOf(account.session.user.id)).every((count) => count > 0)).toBe(true);
    const otherBefore = await rowsOf(other.session.user.id);

    const response = await suite.server.request('DELETE', 'account', { token, body: { confirm: true, currentPassword: account.password } });
    expect(response.status).toBe(204);

    expect(await rowsOf(account.session.user.id)).toEqual({
      users: 0, sessions: 0, accounts: 0, refreshTokens: 0, apiKeys: 0, notificationPreferences: 0, supportRequests: 0,
    });
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: key.key.secret })).status).toBe(401);
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: account.session.refresh_token } })).status).toBe(401);
    // The other account is untouched.
    expect(await rowsOf(other.session.user.id)).toEqual(otherBefore);
    expect((await suite.server.request('GET', 'auth/user', { token: other.session.access_token })).status).toBe(200);
  });

  it('needs {confirm: true} and a signed-in user', async () => {
    const account = await signUpAccount(suite.server);
    const unconfirmed = await suite.server.request('DELETE', 'account', { token: account.session.access_token, body: { confirm: false, currentPassword: account.password } });
    expect(unconfirmed.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(unconfirmed)).error.message).toBe('Confirm must be true to delete the account');
    expect((await suite.server.request('DELETE', 'account', { body: { confirm: true, currentPassword: account.password } })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: account.session.access_token })).status).toBe(200);
  });

  it('needs the current password: a missing or wrong one deletes nothing', async () => {
    const account = await signUpAccount(suite.server);
    const token = account.session.access_token;
    const before = await rowsOf(account.session.user.id);
    const missing = await suite.server.request('DELETE', 'account', { token, body: { confirm: true } });
    expect(missing.status).toBe(400);
    expect(await readJson(missing)).toEqual({ error: { code: 'validation_error', message: 'Current password is required' } });
    const wrong = await suite.server.request('DELETE', 'account', { token, body: { confirm: true, currentPassword: 'not-my-password' } });
    expect(wrong.status).toBe(403);
    expect(await readJson(wrong)).toEqual({ error: { code: 'invalid_current_password', message: 'Current password is incorrect' } });
    expect(await rowsOf(account.session.user.id)).toEqual(before);
    expect((await suite.server.request('GET', 'auth/user', { token })).status).toBe(200);
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });

  it('runs the registered deletion hooks first (for files outside the database), for deletion and demo cleanup', async () => {
    const hooked = await createTestServer(suite.database);
    const seen: string[][] = [];
    hooked.services.accountDeletion.onDeleting(async (userIds) => {
      // The rows are still there while the hook runs, so it can find what to remove.
      const present = await suite.database.db.select({ id: users.id }).from(users).where(eq(users.id, userIds[0] ?? ''));
      expect(present).toHaveLength(1);
      seen.push([...userIds]);
    });
    const account = await signUpAccount(hooked);
    expect((await hooked.request('DELETE', 'account', { token: account.session.access_token, body: { confirm: true, currentPassword: account.password } })).status).toBe(204);
    expect(seen).toEqual([[account.session.user.id]]);

    const demo = await readJson<{ user: { id: string } }>(await hooked.request('POST', 'auth/demo'));
    await hooked.services.demoAccounts.removeExpired(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(seen.at(-1)).toContain(demo.user.id);
  });

  it('keeps the account when a deletion hook fails', async () => {
    const failing = await createTestServer(suite.database);
    failing.services.accountDeletion.onDeleting(async () => {
      throw new Error('asset store unavailable');
    });
    const account = await signUpAccount(failing);
    const response = await failing.request('DELETE', 'account', { token: account.session.access_token, body: { confirm: true, currentPassword: account.password } });
    expect(response.status).toBe(500);
    expect((await failing.request('GET', 'auth/user', { token: account.session.access_token })).status).toBe(200);
  });
});
