import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('GET /auth/user on %s', (kind) => {
  const suite = useTestServer(kind);

  it('returns the user of an access token', async () => {
    const { session, email } = await signUpAccount(suite.server);
    const response = await suite.server.request('GET', 'auth/user', { token: session.access_token });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ user: { id: session.user.id, email, is_demo: false } });
  });

  it('returns the user of an API key used as the bearer', async () => {
    const { session } = await signUpAccount(suite.server);
    const regenerated = await readJson<{ key: { secret: string } }>(
      await suite.server.request('POST', 'account/api-keys/production/regenerate', { token: session.access_token }),
    );
    const response = await suite.server.request('GET', 'auth/user', { token: regenerated.key.secret });
    expect(response.status).toBe(200);
    expect((await readJson<{ user: { id: string } }>(response)).user.id).toBe(session.user.id);
  });

  it('refuses no token, a made-up token and an unsigned session token', async () => {
    expect((await suite.server.request('GET', 'auth/user')).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: 'not-a-token' })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: 'pg_live_madeupmadeupmadeup' })).status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { headers: { authorization: 'Basic abc' } })).status).toBe(401);
    const { session } = await signUpAccount(suite.server);
    // The raw session token as stored in the database is not enough: the signature is required.
    const rawToken = session.access_token.split('.')[0] ?? '';
    expect((await suite.server.request('GET', 'auth/user', { token: rawToken })).status).toBe(401);
    // A signature made with another secret is refused too.
    const forged = `${rawToken}.${Buffer.alloc(32).toString('base64')}`;
    expect((await suite.server.request('GET', 'auth/user', { token: forged })).status).toBe(401);
  });

  it('refuses an expired access token, and an expired refresh token', async () => {
    const { session } = await signUpAccount(suite.server);
    const past = new Date(Date.now() - 1000);
    await suite.database.db.update(sessions).set({ expiresAt: past }).where(eq(sessions.userId, session.user.id));
    expect((await suite.server.request('GET', 'auth/user', { token: session.access_token })).status).toBe(401);

    const other = await signUpAccount(suite.server);
    await suite.database.db.update(refreshTokens).set({ expiresAt: past }).where(eq(refreshTokens.userId, other.session.user.id));
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: other.session.refresh_token } })).status).toBe(401);
  });
});
