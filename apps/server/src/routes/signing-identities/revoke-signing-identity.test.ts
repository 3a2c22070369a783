// Revoking a managed certificate, end to end: an account signs (the gateway issues it a managed
// certificate), its asset verifies; after POST .../{id}/revoke the claim, signed by the installation's
// product certificate (issue 32), still verifies (the identity's revocation is its CAWG identity's
// status: cawg branch), `openssl ocsp` against the
// gateway's responder says revoked, the account's session still signs and is given a new
// certificate, and another account cannot revoke it. Needs openssl (scripts/ci/openssl.sh).
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { ZSignContentResponse, ZSigningIdentityList, ZVerifyResponse, type TSignContentResponse, type TVerifyResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { startLocalAssetServer, TEST_MAX_ASSET_BYTES, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestFetcher, createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const run = promisify(execFile);
const blocks = (pem: string): string[] => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

describe('revoking a managed signing certificate', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let listening: ServerType;
  let base: string;
  let image: Uint8Array;
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-revoke-identity-'));

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const engine = await createEngine({ pkiDir: path.join(dir, 'pki'), trustAnchorFiles: [], bundledTrustLists: false });
    // OCSP on: the gateway answers its own certificates from its records, without a fetch.
    server = await createTestServer(database, { engine, store: createFileAssetStore(path.join(dir, 'assets')), config: { maxAssetBytes: TEST_MAX_ASSET_BYTES }, ocspFetcher: createTestFetcher() });
    assets = await startLocalAssetServer();
    image = await makeImage('jpeg', 240, 160);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await assets?.close();
    await database?.close();
  });

  const signAs = async (token: string, name: string): Promise<TSignContentResponse> =>
    readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish(`/${name}.jpg`, image), metadata: { creator: 'Ada', aiAssisted: false } } }));
  const verify = async (bytes: Uint8Array): Promise<TVerifyResponse> => {
    const response = await server.app.request('/api/v1/verify-content', { method: 'POST', body: bytes, headers: { 'content-type': 'image/jpeg' } });
    return readAnswer(ZVerifyResponse, response);
  };
  const download = async (url: string): Promise<Uint8Array> => new Uint8Array(await (await server.app.request(new URL(url).pathname)).arrayBuffer());

  it('revokes the identity: the responder says revoked, the product-signed claim stays valid, and the next signing gets a new certificate', async () => {
    const account = await signUpAccount(server);
    const token = account.session.access_token;
    const signed = await signAs(token, 'before');
    const bytes = await download(signed.signedAssetUrl);
    const before = await verify(bytes);
    expect(before.verification.status).toBe('verified');
    // The product's claim signature carries its OCSP answer, stapled at signing.
    expect(before.verification.revocation).toMatchObject({ status: 'good', source: 'stapled' });

    const [identity] = await readAnswer(ZSigningIdentityList, await server.request('GET', 'account/signing-identities', { token }));
    expect(identity).toMatchObject({ kind: 'managed' });
    const [leafPem, intermediatePem] = blocks(identity!.certificateChain);
    const serial = new X509Certificate(leafPem!).serialNumber.toLowerCase();
    writeFileSync(path.join(dir, 'leaf.pem'), `${leafPem}\n`);
    writeFileSync(path.join(dir, 'intermediate.pem'), `${intermediatePem}\n`);
    writeFileSync(path.join(dir, 'root.pem'), server.services.engine.rootCertificatePem);

    const apiKey = ((await (await server.request('POST', 'account/api-keys/production/regenerate', { token })).json()) as { key: { secret: string } }).key.secret;
    const stranger = await signUpAccount(server);
    expect((await server.request('POST', `account/signing-identities/${identity!.id}/revoke`, { token: stranger.session.access_token })).status).toBe(404);

    const revoked = await server.request('POST', `account/signing-identities/${identity!.id}/revoke`, { token });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: identity!.id, serialNumber: serial });

    // Issue 32: the claim is signed by the installation's product certificate, which stays good; the
    // revoked certificate is the organisation's CAWG identity credential.
    const after = await verify(bytes);
    expect(after.verification).toMatchObject({ status: 'verified', revocation: { status: 'good', source: 'stapled' } });

    const ocsp = await run('openssl', ['ocsp', '-issuer', path.join(dir, 'intermediate.pem'), '-cert', path.join(dir, 'leaf.pem'), '-url', `${base}/api/v1/pki/ocsp`, '-CAfile', path.join(dir, 'root.pem')], { timeout: 15_000 });
    expect(ocsp.stderr).toContain('Response verify OK');
    expect(ocsp.stdout).toMatch(/leaf\.pem: revoked/);

    // The same session and API key still work; the next signing is under a new managed certificate that verifies.
    expect((await server.request('GET', 'auth/user', { token: apiKey })).status).toBe(200);
    const next = await signAs(apiKey, 'after');
    const [renewed] = await readAnswer(ZSigningIdentityList, await server.request('GET', 'account/signing-identities', { token }));
    expect(renewed).toMatchObject({ kind: 'managed', active: true });
    expect(new X509Certificate(blocks(renewed!.certificateChain)[0]!).serialNumber.toLowerCase()).not.toBe(serial);
    expect(next.verification.verification.status).toBe('verified');
  }, 120_000);
});
