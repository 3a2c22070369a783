import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('POST /auth/sign-out on %s', (kind) => {
  const suite = useTestServer(kind);

  it('revokes the session on the server: its access and refresh tokens stop working', async () => {
    const { session } = await signUpAccount(suite.server);
    const response = await suite.server.request('POST', 'auth/sign-out', { token: session.access_token });
    expect(response.status).toBe(204);

    const me = await suite.server.request('GET', 'auth/user', { token: session.access_token });
    expect(me.status).toBe(401);
    expect(await readJson(me)).toEqual({ error: { code: 'unauthorized', message: 'Session expired, revoked or unknown' } });
    expect((await suite.server.request('POST', 'auth/refresh', { body: { refresh_token: session.refresh_token } })).status).toBe(401);
  });

  it('leaves the account’s other sessions signed in', async () => {
    const account = await signUpAccount(suite.server);
    const other = await readJson<{ session: { access_token: string } }>(
      await suite.server.request('POST', 'auth/sign-in', { body: { email: account.email, password: account.password } }),
    );
    expect((await suite.server.request('POST', 'auth/sign-out', { token: account.session.access_token })).status).toBe(204);
    expect((await suite.server.request('GET', 'auth/user', { token: other.session.access_token })).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const response = await suite.server.request('POST', 'auth/sign-out');
    expect(response.status).toBe(401);
    expect(await readJson(response)).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
  });
});
