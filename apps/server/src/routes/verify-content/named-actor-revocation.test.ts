// A named actor's revoked credential, over real HTTP on loopback: two organisations sign (each named
// by a CAWG identity assertion under its managed certificate from the gateway's CA); one revokes its
// certificate in Settings' API; verifying its file then reads that identity revoked, with the code
// and when, from the gateway's own records (the ones its OCSP responder and CRL answer from), while
// the product-signed claim stays verified and the other organisation's identity stays trusted. A
// named actor under another CA's credential says its revocation was not checked.
import { ZSignContentResponse, ZSigningIdentityList, ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { corpusFile, hasCorpus, makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe('a named actor whose credential the gateway revoked', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let assets: LocalAssetServer;
  let listening: LoopbackApi;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    listening = await listenOnLoopback(server);
  }, 60_000);
  afterAll(async () => {
    await listening?.close();
    assets?.close();
    await close?.();
    await database?.close();
  });

  const call = (path: string, init: { token?: string; json?: unknown; body?: Uint8Array; method?: string } = {}) =>
    fetch(`${listening.base}/${path}`, {
      method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
      headers: {
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.json !== undefined && { 'content-type': 'application/json' }),
        ...(init.body && { 'content-type': 'image/jpeg' }),
      },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : init.body ? { body: init.body } : {}),
    });
  /** An organisation signs a picture; the signed file, downloaded over HTTP. */
  async function signedBy(organization: string, name: string): Promise<{ token: string; bytes: Uint8Array }> {
    const token = (await signUpAccount(server)).session.access_token;
    expect((await call('account/organization', { token, method: 'PUT', json: { name: organization } })).status).toBe(200);
    const picture = await makeImage('jpeg', 240, 160);
    const response = await call('sign-content', { token, json: { assetUrl: assets.publish(`/${name}.jpg`, picture, 'image/jpeg'), metadata: { creator: 'Ada' } } });
    if (!response.ok) throw new Error(await response.text());
    const signed = readAnswer(ZSignContentResponse, response);
    const { signedAssetUrl } = await signed;
    const bytes = new Uint8Array(await (await fetch(signedAssetUrl.replace(/^https?:\/\/[^/]+\/api\/v1/, listening.base))).arrayBuffer());
    return { token, bytes };
  }
  const verify = async (bytes: Uint8Array): Promise<TVerifyResponse> => readAnswer(ZVerifyResponse, await call('verify-content', { body: bytes }));

  it('reads the identity revoked with its code, leaves the claim verified, and leaves another organisation trusted', async () => {
    const harbour = await signedBy('Harbour Press', 'harbour');
    const quay = await signedBy('Quay Daily', 'quay');

    const before = await verify(harbour.bytes);
    expect(before.verification.status).toBe('verified');
    expect(before.verification.identities).toEqual([expect.objectContaining({ name: 'Harbour Press', status: 'trusted', revocation: expect.objectContaining({ status: 'good', source: 'gateway' }) })]);

    const [managed] = await readAnswer(ZSigningIdentityList, await call('account/signing-identities', { token: harbour.token }));
    expect(managed).toMatchObject({ kind: 'managed', active: true });
    expect((await call(`account/signing-identities/${managed!.id}/revoke`, { token: harbour.token, method: 'POST' })).status).toBe(200);

    const after = await verify(harbour.bytes);
    // The claim is the product's: a named actor's revocation does not change its verdict.
    expect(after.verification.status).toBe('verified');
    expect(after.verification.reasonCode).toBe('signingCredential.trusted');
    const [identity] = after.verification.identities ?? [];
    expect(identity).toMatchObject({ name: 'Harbour Press', status: 'revoked', revocation: { status: 'revoked', source: 'gateway', revokedAt: expect.any(String) } });
    expect(identity!.codes.failure).toEqual([expect.objectContaining({ code: 'gateway.identity.credential.revoked', explanation: expect.stringMatching(/revoked/) })]);

    const other = await verify(quay.bytes);
    expect(other.verification.status).toBe('verified');
    expect(other.verification.identities).toEqual([expect.objectContaining({ name: 'Quay Daily', status: 'trusted', revocation: expect.objectContaining({ status: 'good' }) })]);
  }, 90_000);

  it('answers a signing with its named actor’s revocation from the gateway’s records, as a verification of the signed file does', async () => {
    const token = (await signUpAccount(server)).session.access_token;
    expect((await call('account/organization', { token, method: 'PUT', json: { name: 'Pier Gazette' } })).status).toBe(200);
    const response = await call('sign-content', { token, json: { assetUrl: assets.publish('/pier.jpg', await makeImage('jpeg', 240, 160), 'image/jpeg'), metadata: { creator: 'Ada' } } });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    const [identity] = signed.verification.verification.identities ?? [];
    expect(identity).toMatchObject({ name: 'Pier Gazette', status: 'trusted', revocation: { status: 'good', source: 'gateway', checkedAt: expect.any(String) } });
    const bytes = new Uint8Array(await (await fetch(signed.signedAssetUrl.replace(/^https?:\/\/[^/]+\/api\/v1/, listening.base))).arrayBuffer());
    const verified = await verify(bytes);
    expect(verified.verification.identities?.[0]?.revocation).toMatchObject({ status: identity!.revocation!.status, source: identity!.revocation!.source });
  }, 60_000);

  it.skipIf(!hasCorpus)('says a named actor under another certificate authority’s credential was not checked for revocation', async () => {
    const { verification } = await verify(corpusFile('c2pa-rs/C_with_CAWG_data.jpg'));
    expect(verification.identities?.length).toBeGreaterThan(0);
    for (const identity of verification.identities ?? []) {
      expect(identity.revocation).toMatchObject({ status: 'not_checked', reason: expect.stringContaining('not issued by this gateway') });
      expect(identity.codes.informational.map((code) => code.code)).toContain('gateway.identity.revocation.notChecked');
      expect(identity.status).not.toBe('revoked');
    }
  }, 60_000);
});
