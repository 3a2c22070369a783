import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../testing/test-databases.ts';
import { useTestServer, readJson, signUpAccount } from '../../testing/test-server.ts';

interface Receipt {
  id: string;
  reference: string;
  status: string;
  createdAt: string;
}

const form = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Signing question', message: 'How do I add a license?' };

describe.each(testDatabaseKinds())('/support-requests on %s', (kind) => {
  const suite = useTestServer(kind);

  it('stores a request from a signed-out visitor with a reference number', async () => {
    const response = await suite.server.request('POST', 'support-requests', { body: form });
    expect(response.status).toBe(201);
    const receipt = await readJson<Receipt>(response);
    expect(receipt.status).toBe('received');
    expect(receipt.reference).toMatch(new RegExp(`^SR-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(Number.isNaN(Date.parse(receipt.createdAt))).toBe(false);

    const next = await readJson<Receipt>(await suite.server.request('POST', 'support-requests', { body: form }));
    expect(next.reference).not.toBe(receipt.reference);
  });

  it('attaches the request to the signed-in account, which lists only its own', async () => {
    const alice = await signUpAccount(suite.server);
    const bob = await signUpAccount(suite.server);
    const mine = await readJson<Receipt>(await suite.server.request('POST', 'support-requests', { token: alice.session.access_token, body: { ...form, subject: 'Alice asks' } }));
    await suite.server.request('POST', 'support-requests', { token: bob.session.access_token, body: { ...form, subject: 'Bob asks' } });

    const list = await suite.server.request('GET', 'support-requests', { token: alice.session.access_token });
    expect(list.status).toBe(200);
    const { requests } = await readJson<{ requests: Array<Receipt & { subject: string; message: string }> }>(list);
    expect(requests).toEqual([{ ...mine, name: form.name, email: form.email, subject: 'Alice asks', message: form.message }]);
  });

  it('lists requests sent with an API key as the bearer too', async () => {
    const { session } = await signUpAccount(suite.server);
    const key = await readJson<{ key: { secret: string } }>(await suite.server.request('POST', 'account/api-keys/test/regenerate', { token: session.access_token }));
    await suite.server.request('POST', 'support-requests', { token: key.key.secret, body: form });
    const { requests } = await readJson<{ requests: unknown[] }>(await suite.server.request('GET', 'support-requests', { token: session.access_token }));
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
  ])('requires %s', async (field, message) => {
    const response = await suite.server.request('POST', 'support-requests', { body: { ...form, [field]: '  ' } });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ error: { code: 'validation_error', message } });
  });

  it('refuses a malformed email, listing without a user, and a bad bearer', async () => {
    const bad = await suite.server.request('POST', 'support-requests', { body: { ...form, email: 'ada' } });
    expect((await readJson<{ error: { message: string } }>(bad)).error.message).toBe('Email must be a valid email address');
    expect((await suite.server.request('GET', 'support-requests')).status).toBe(401);
    expect((await suite.server.request('POST', 'support-requests', { token: 'expired-token', body: form })).status).toBe(401);
  });
});
