// Certificates an account brings, over real HTTP on loopback with one engine worker (as in
// production): one that c2pa-rs refuses when it reads back what it signed is refused at upload with
// its reason (before, it was added and every signing then failed with 422); one whose root is not
// on the C2PA trust list is added with a warning saying other validators will show its files as
// partial; and an identity can be removed, the account then signing as its managed identity again
// while what it signed still verifies as before.
import { ZSignContentResponse, ZSigningIdentity, ZSigningIdentityList, ZVerifyResponse, type TSigningIdentity } from '@provenance/contracts';
import { issueTestSigningChain, makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';
import { nameTestOrganizationAt, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';

const PRIVATE_ROOT = "This certificate's root is not on the C2PA trust list: other validators will show files signed with it as unrecognised (partial)";

describe('certificates brought by an account: test signing at upload, trust-list warning, removal', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let listening: LoopbackApi;
  let base: string;
  let assets: LocalAssetServer;
  let image: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database, { workers: 1 }));
    assets = await startLocalAssetServer();
    image = await makeImage('jpeg', 120, 80);
    listening = await listenOnLoopback(server);
    base = listening.base;
  }, 60_000);
  afterAll(async () => {
    await listening?.close();
    await assets?.close();
    await close?.();
    await database?.close();
  });

  const call = (method: string, path: string, token: string, body?: unknown) =>
    fetch(`${base}/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  async function session(): Promise<string> {
    const { access_token: token } = await signUpOverHttp(base, uniqueEmail('brought'), 'secret-123', (address) => signUpTokenFromOutbox(server.services.accountMail, address));
    await nameTestOrganizationAt(base, token);
    return token;
  }
  const addCertificate = (token: string, chain: { certificateChainPem: string; privateKeyPem: string }) =>
    call('POST', 'account/signing-identities', token, { kind: 'certificate', certificateChain: chain.certificateChainPem, privateKey: chain.privateKeyPem });
  const listIdentities = async (token: string): Promise<TSigningIdentity[]> => readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token));
  const signAs = async (token: string, name: string) =>
    readAnswer(ZSignContentResponse, await call('POST', 'sign-content', token, { assetUrl: assets.publish(`/${name}.jpg`, image), metadata: { creator: 'Ada', aiAssisted: false } }));
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

  it.each([
    ['without an authority key identifier', { authorityKeyIdentifier: false }],
    ['with the any-purpose extended key usage', { ekus: ['1.3.6.1.5.5.7.3.4', '2.5.29.37.0'] }],
  ])('refuses at upload, with c2pa-rs’s reason, a certificate %s that would fail every signing, and stores nothing', async (_name, options) => {
    const token = await session();
    const response = await addCertificate(token, await issueTestSigningChain(options));
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({
      code: 'identity_cannot_sign',
      message: expect.stringMatching(/^The identity was not added: a test signing with it failed \(the signed manifest failed validation: signingCredential\.invalid \(The signing certificate is not valid for signing Content Credentials\.\)\)/),
    });
    expect(await listIdentities(token)).toEqual([]);
    // The account still signs, as its managed identity (issue 32: the claim under the installation's product certificate).
    expect((await signAs(token, 'after-refusal')).verification.report.signer?.commonName).toBe('Provenance Gateway');
    expect((await listIdentities(token)).map(({ kind, active, subject }) => ({ kind, active, named: /via Provenance Gateway(,|$)/.test(subject) }))).toEqual([{ kind: 'managed', active: true, named: true }]);
  });

  it('adds a certificate under a private root with a warning that other validators show its files as partial, shown in the list too', async () => {
    const token = await session();
    const added = await addCertificate(token, await issueTestSigningChain());
    expect(added.status).toBe(201);
    expect(await readAnswer(ZSigningIdentity, added)).toMatchObject({ kind: 'certificate', active: true, warnings: [PRIVATE_ROOT] });
    expect(await listIdentities(token)).toEqual([expect.objectContaining({ kind: 'certificate', warnings: [PRIVATE_ROOT] })]);
  });

  it('removes an identity: 204, gone from the list, the account signs as its managed identity again, and what it signed verifies as before', async () => {
    const token = await session();
    const managedSigning = await signAs(token, 'managed-first');
    const [managed] = await listIdentities(token);
    expect(managed).toMatchObject({ kind: 'managed', warnings: [] });
    const brought = await readAnswer(ZSigningIdentity, await addCertificate(token, await issueTestSigningChain()));
    const signed = await signAs(token, 'brought');
    expect(signed.verification.report.signer?.commonName).toBe('Newsroom Photo Desk');
    const signedFile = new Uint8Array(await (await fetch(new URL(new URL(signed.signedAssetUrl).pathname, base))).arrayBuffer());

    // Another account cannot remove it, nor can an API key of its own.
    expect((await call('DELETE', `account/signing-identities/${brought.id}`, await session())).status).toBe(404);
    const apiKey = ((await (await call('POST', 'account/api-keys/production/regenerate', token)).json()) as { key: { secret: string } }).key.secret;
    const byKey = await call('DELETE', `account/signing-identities/${brought.id}`, apiKey);
    expect(byKey.status).toBe(403);

    const removed = await call('DELETE', `account/signing-identities/${brought.id}`, token);
    expect(removed.status).toBe(204);
    expect((await call('DELETE', `account/signing-identities/${brought.id}`, token)).status).toBe(404);
    expect(await listIdentities(token)).toEqual([expect.objectContaining({ id: managed!.id, kind: 'managed', active: true })]);
    const next = await signAs(token, 'after-removal');
    expect(next.verification.report.signer?.serialNumber).toBe(managedSigning.verification.report.signer?.serialNumber);

    const form = new FormData();
    form.append('file', new Blob([signedFile], { type: 'image/jpeg' }), 'brought.jpg');
    const again = await readAnswer(ZVerifyResponse, await fetch(`${base}/verify-content`, { method: 'POST', body: form }));
    expect(again.verification).toMatchObject({ status: signed.verification.verification.status, signatureValid: true });
    expect(again.report.signer?.commonName).toBe('Newsroom Photo Desk');
  });

  it('documents the removal, the 422 of a failed test signing and the warnings in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    expect(Object.keys(doc.paths['/account/signing-identities/{id}']?.delete?.responses ?? {}).sort()).toEqual(['204', '401', '403', '404']);
    expect(doc.paths['/account/signing-identities']?.post?.responses).toHaveProperty('422');
    expect(doc.components.schemas.SigningIdentity?.required).toContain('warnings');
  });

  it('adds a certificate whose root is on the C2PA trust list without a warning', async () => {
    const chain = await issueTestSigningChain();
    // The engine's trust store with this root as the C2PA trust list (the one tier other validators trust too).
    await server.services.engine.replaceTrust([{ name: 'C2PA trust list', tier: 'conformant', pems: [chain.rootPem] }]);
    const token = await session();
    const added = await addCertificate(token, chain);
    expect(added.status).toBe(201);
    expect(await readAnswer(ZSigningIdentity, added)).toMatchObject({ kind: 'certificate', warnings: [] });
  });
});
