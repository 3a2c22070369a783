import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /auth/sign-out on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = createTestServer(database);
  });
  afterAll(async () => database.close());

  it('revokes the session on the server: its access and refresh tokens stop working', async () => {
    const { session } = await signUpAccount(server);
    const response = await server.request('POST', 'auth/sign-out', { token: session.access_token });
    expect(response.status).toBe(204);

    const me = await server.request('GET', 'auth/user', { token: session.access_token });
    expect(me.status).toBe(401);
    expect(await readJson(me)).toEqual({ error: { code: 'unauthorized', message: 'Session expired, revoked or unknown' } });
    expect((await server.request('POST', 'auth/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(401);
  });

  it('leaves the account’s other sessions signed in', async () => {
    const account = await signUpAccount(server);
    const other = await readJson<{ session: { access_token: string } }>(
      await server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } }),
    );
    expect((await server.request('POST', 'auth/sign-out', { token: account.session.access_token })).status).toBe(204);
    expect((await server.request('GET', 'auth/user', { token: other.session.access_token })).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const response = await server.request('POST', 'auth/sign-out');
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
  });
});
