import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

describe.each(testDatabaseKinds())('GET and PUT /account/notifications on %s', (kind) => {
  const suite = useTestServer(kind);

  it('starts with every preference on', async () => {
    const { session } = await signUpAccount(suite.server);
    const response = await suite.server.request('GET', 'account/notifications', { token: session.access_token });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ verificationAlerts: true, weeklyReports: true, productUpdates: true });
  });

  it('saves the preferences per account', async () => {
    const alice = await signUpAccount(suite.server);
    const bob = await signUpAccount(suite.server);
    const saved = { verificationAlerts: false, weeklyReports: true, productUpdates: false };
    const put = await suite.server.request('PUT', 'account/notifications', { token: alice.session.access_token, body: saved });
    expect(put.status).toBe(200);
    expect(await readJson(put)).toEqual(saved);
    expect(await readJson(await suite.server.request('GET', 'account/notifications', { token: alice.session.access_token }))).toEqual(saved);
    expect(await readJson(await suite.server.request('GET', 'account/notifications', { token: bob.session.access_token }))).toEqual({
      verificationAlerts: true, weeklyReports: true, productUpdates: true,
    });

    const again = { verificationAlerts: true, weeklyReports: false, productUpdates: false };
    await suite.server.request('PUT', 'account/notifications', { token: alice.session.access_token, body: again });
    expect(await readJson(await suite.server.request('GET', 'account/notifications', { token: alice.session.access_token }))).toEqual(again);
  });

  it('validates each field and needs a signed-in user', async () => {
    const { session } = await signUpAccount(suite.server);
    const bad = await suite.server.request('PUT', 'account/notifications', {
      token: session.access_token,
      body: { verificationAlerts: 'yes', weeklyReports: true, productUpdates: true },
    });
    expect(bad.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(bad)).error.message).toBe('verificationAlerts must be true or false');
    expect((await suite.server.request('GET', 'account/notifications')).status).toBe(401);
  });
});
