// What an API key (a script's credential) may do, over real HTTP on loopback: it signs as the
// account (its first signing naming the organisation the account has none of yet), but may not
// rename the organisation nor add, activate or revoke a signing identity (403, or 409 for a signing
// naming another organisation; a signed-in session may), and a password change revokes it (the
// answer says so).
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ZChangePasswordResponse, ZOrganizationResponse, ZRegeneratedApiKeyResponse, ZSignContentResponse, ZSigningIdentityList } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';
import { createTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

describe('API keys over HTTP', () => {
  let database: DbHandle;
  let listening: ServerType;
  let base: string;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await database?.close();
  });

  const call = (method: string, path: string, bearer: string, body?: unknown): Promise<Response> =>
    fetch(`${base}/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  /** A new account's session, its password and a production API key. */
  async function accountWithKey(): Promise<{ session: string; password: string; key: string }> {
    const password = 'secret-123';
    const session = (await signUpOverHttp(base, uniqueEmail('keys'), password, (email) => signUpTokenFromOutbox(server.services.accountMail, email))).access_token;
    const key = ZRegeneratedApiKeyResponse.parse(await (await call('POST', 'account/api-keys/production/regenerate', session)).json()).key.secret;
    return { session, password, key };
  }

  it('signs with a key, but only a session renames the organisation or adds, activates, revokes or removes a signing identity', async () => {
    const { session, key } = await accountWithKey();

    // A script signs with its key (the account's managed identity is issued for it), naming the
    // organisation to sign under, as the first signing of an account with no name must.
    const picture = await makeImage('jpeg', 200, 120);
    const signWithKey = (organization: string) => {
      const form = new FormData();
      form.set('file', new Blob([picture]), 'script.jpg');
      form.set('metadata', JSON.stringify({ creator: 'Script' }));
      form.set('organization', organization);
      return fetch(`${base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    };
    const signed = await signWithKey('Script Desk');
    expect(signed.status).toBe(201);
    ZSignContentResponse.parse(await signed.json());
    // Once the account has a name, a key's signing cannot change it.
    const renaming = await signWithKey('Renamed by a leaked key');
    expect(renaming.status).toBe(409);
    expect(((await renaming.json()) as { error: { code: string } }).error.code).toBe('organization_mismatch');
    const [identity] = ZSigningIdentityList.parse(await (await call('GET', 'account/signing-identities', key)).json());
    expect(identity).toBeDefined();

    const attempts = [
      await call('PUT', 'account/organization', key, { name: 'Renamed by a leaked key' }),
      await call('POST', 'account/signing-identities', key, { kind: 'remote', url: 'http://127.0.0.1:9/sign', secret: 'a secret of twenty chars', certificateChain: 'none', alg: 'ES256' }),
      await call('POST', `account/signing-identities/${identity!.id}/activate`, key),
      await call('POST', `account/signing-identities/${identity!.id}/revoke`, key),
      await call('DELETE', `account/signing-identities/${identity!.id}`, key),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'forbidden', message: 'This action needs a signed-in session, not an API key' } });
    }
    expect(ZOrganizationResponse.parse(await (await call('GET', 'account/organization', key)).json()).name).toBe('Script Desk');
    expect((await call('PUT', 'account/organization', session, { name: 'Newsroom' })).status).toBe(200);
    expect(ZOrganizationResponse.parse(await (await call('GET', 'account/organization', key)).json()).name).toBe('Newsroom');
  }, 30_000);

  it('revokes the keys when the password changes, and the answer says so', async () => {
    const { session, password, key } = await accountWithKey();
    expect((await call('GET', 'auth/user', key)).status).toBe(200);
    const changed = await call('POST', 'account/password', session, { currentPassword: password, newPassword: 'another-pw-2' });
    expect(changed.status).toBe(200);
    expect(ZChangePasswordResponse.parse(await changed.json())).toMatchObject({ otherSessionsSignedOut: true, apiKeysRevoked: true });
    expect((await call('GET', 'auth/user', key)).status).toBe(401);
    expect((await call('GET', 'auth/user', session)).status).toBe(200);
  }, 30_000);
});
