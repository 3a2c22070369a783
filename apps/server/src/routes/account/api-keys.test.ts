import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/index.ts';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

interface KeyList {
  keys: Array<{ type: string; prefix: string; masked: string; createdAt: string }>;
}
interface Regenerated {
  key: { type: string; prefix: string; masked: string; createdAt: string; secret: string };
}

describe.each(testDatabaseKinds())('API keys (GET /account/api-keys, POST /account/api-keys/{type}/regenerate) on %s', (kind) => {
  const suite = useTestServer(kind);

  it('lists a masked production key and a masked test key', async () => {
    const { session } = await signUpAccount(suite.server);
    const response = await suite.server.request('GET', 'account/api-keys', { token: session.access_token });
    expect(response.status).toBe(200);
    const { keys } = await readJson<KeyList>(response);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ type: 'production', prefix: 'pg_live_' });
    expect(keys[0]?.masked).toMatch(/^pg_live_••••••••[A-Za-z0-9_-]{4}$/);
    expect(keys[1]).toMatchObject({ type: 'test', prefix: 'pg_test_' });
    expect(keys[1]?.masked).toMatch(/^pg_test_••••••••[A-Za-z0-9_-]{4}$/);
    expect(Number.isNaN(Date.parse(keys[0]?.createdAt ?? ''))).toBe(false);
  });

  it('shows a regenerated key once, stores only its hash, and revokes the old key at once', async () => {
    const { session } = await signUpAccount(suite.server);
    const token = session.access_token;
    const first = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/production/regenerate', { token }));
    expect(first.key.secret.startsWith('pg_live_')).toBe(true);
    expect(first.key.masked).toBe(`pg_live_••••••••${first.key.secret.slice(-4)}`);
    expect((await suite.server.request('GET', 'auth/user', { token: first.key.secret })).status).toBe(200);

    const stored = await suite.database.db.select().from(apiKeys);
    expect(stored.some((row) => row.keyHash === first.key.secret || row.keyHash.includes(first.key.secret))).toBe(false);

    const listed = await readJson<KeyList>(await suite.server.request('GET', 'account/api-keys', { token }));
    expect(JSON.stringify(listed)).not.toContain(first.key.secret);
    expect(listed.keys.find((key) => key.type === 'production')?.masked).toBe(first.key.masked);

    const second = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/production/regenerate', { token }));
    expect(second.key.secret).not.toBe(first.key.secret);
    const revoked = await suite.server.request('GET', 'auth/user', { token: first.key.secret });
    expect(revoked.status).toBe(401);
    expect((await suite.server.request('GET', 'auth/user', { token: second.key.secret })).status).toBe(200);
  });

  it('regenerates the test key with its own prefix, leaving the production key alone', async () => {
    const { session } = await signUpAccount(suite.server);
    const token = session.access_token;
    const live = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/production/regenerate', { token }));
    const test = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/test/regenerate', { token }));
    expect(test.key).toMatchObject({ type: 'test', prefix: 'pg_test_' });
    expect(test.key.secret.startsWith('pg_test_')).toBe(true);
    expect((await suite.server.request('GET', 'auth/user', { token: live.key.secret })).status).toBe(200);
    expect((await suite.server.request('GET', 'auth/user', { token: test.key.secret })).status).toBe(200);
  });

  it('refuses an unknown key type and callers without a session or key', async () => {
    const { session } = await signUpAccount(suite.server);
    const bad = await suite.server.request('POST', 'account/api-keys/staging/regenerate', { token: session.access_token });
    expect(bad.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(bad)).error.message).toBe('Type must be production or test');
    expect((await suite.server.request('GET', 'account/api-keys')).status).toBe(401);
    expect((await suite.server.request('POST', 'account/api-keys/test/regenerate')).status).toBe(401);
  });

  it('never shows or changes another account’s keys', async () => {
    const alice = await signUpAccount(suite.server);
    const bob = await signUpAccount(suite.server);
    const aliceKey = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/production/regenerate', { token: alice.session.access_token }));
    const bobList = await readJson<KeyList>(await suite.server.request('GET', 'account/api-keys', { token: bob.session.access_token }));
    expect(bobList.keys.map((key) => key.masked)).not.toContain(aliceKey.key.masked);
    await suite.server.request('POST', 'account/api-keys/production/regenerate', { token: bob.session.access_token });
    // Bob regenerating his key leaves Alice's working.
    const me = await suite.server.request('GET', 'auth/user', { token: aliceKey.key.secret });
    expect((await readJson<{ user: { id: string } }>(me)).user.id).toBe(alice.session.user.id);
  });

  it('lets an API key read account data but not take the account over', async () => {
    const account = await signUpAccount(suite.server);
    const key = await readJson<Regenerated>(await suite.server.request('POST', 'account/api-keys/production/regenerate', { token: account.session.access_token }));
    const bearer = key.key.secret;
    expect((await suite.server.request('GET', 'account/api-keys', { token: bearer })).status).toBe(200);
    expect((await suite.server.request('GET', 'account/notifications', { token: bearer })).status).toBe(200);

    const attempts = [
      await suite.server.request('PATCH', 'account/email', { token: bearer, body: { email: 'thief@example.com', currentPassword: account.password } }),
      await suite.server.request('POST', 'account/password', { token: bearer, body: { currentPassword: account.password, newPassword: 'stolen-pw' } }),
      await suite.server.request('POST', 'account/api-keys/test/regenerate', { token: bearer }),
      await suite.server.request('DELETE', 'account', { token: bearer, body: { confirm: true, currentPassword: account.password } }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(await readJson(response)).toEqual({ error: { code: 'forbidden', message: 'This action needs a signed-in session, not an API key' } });
    }
    expect((await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } })).status).toBe(200);
  });
});
