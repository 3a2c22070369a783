import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { ZSignContentResponse, ZSigningIdentity, ZSigningIdentityList, type TSignContentResponse } from '@provenance/contracts';
import { CORPUS_DIR, corpusText, hasCorpus, makeImage } from '@provenance/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { gatewayCertificates, signedAssets, signingIdentities } from '../../db/schema/index.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readJson, signUpAccount, TEST_ORGANIZATION, type TestServer } from '../../testing/test-server.ts';
import { UNNAMED_OPERATOR } from '../../services/claim-signer/installation-claim-signer.ts';

const certs = (name: string) => ({ certificateChain: corpusText(`certs/${name}.chain.pem`), privateKey: corpusText(`certs/${name}.key.pem`) });
const blocks = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;

describe.skipIf(!hasCorpus)('signing identities: organisation, managed certificates, certificates brought by the account', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let assets: LocalAssetServer;
  let image: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // The gateway trusts the c2pa-rs test root too, so an uploaded c2pa-rs identity verifies as Trusted; one worker, as in production.
    ({ server, close } = await createGatewayTestServer(database, { trustAnchorFiles: [path.join(CORPUS_DIR, 'trust/c2pa-rs-test-roots.pem')], workers: 1 }));
    assets = await startLocalAssetServer();
    image = await makeImage('jpeg', 240, 160);
  });
  afterAll(async () => {
    await assets?.close();
    await close?.();
    await database?.close();
  });

  const signAs = async (token: string, name: string): Promise<TSignContentResponse> =>
    readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish(`/${name}.jpg`, image), metadata: { creator: 'Ada', aiAssisted: false } } }));

  // Issue 32: the claim is signed by the installation's product certificate; each organisation is
  // named by its managed identity (the credential of its CAWG identity assertion: the cawg work).
  it('two accounts sign under one product signer, and their identities name each its own organisation, never an email', async () => {
    const planet = await signUpAccount(server);
    const gazette = await signUpAccount(server);
    const named = await server.request('PUT', 'account/organization', { token: planet.session.access_token, body: { name: 'Daily Planet' } });
    expect(named.status).toBe(200);
    const first = await signAs(planet.session.access_token, 'planet');
    const second = await signAs(gazette.session.access_token, 'gazette');
    const product = { organization: UNNAMED_OPERATOR, commonName: 'Provenance Gateway', trusted: true };
    expect(first.verification.report.signer).toMatchObject(product);
    expect(second.verification.report.signer).toMatchObject(product);
    expect(second.verification.report.signer?.serialNumber).toBe(first.verification.report.signer?.serialNumber);
    const identityOf = async (token: string) => (await readAnswer(ZSigningIdentityList, await server.request('GET', 'account/signing-identities', { token })))[0]!;
    const planetIdentity = await identityOf(planet.session.access_token);
    expect(planetIdentity.subject).toMatch(/O=Daily Planet(,|$)/);
    expect(planetIdentity.subject).toContain('CN=Daily Planet via Provenance Gateway');
    expect((await identityOf(gazette.session.access_token)).subject).toContain(`O=${TEST_ORGANIZATION}`);
    expect(JSON.stringify(second.verification)).not.toContain(gazette.email);
    expect(first.verification.verification.status).toBe('verified');
    // Each issued certificate is recorded for the gateway's OCSP answers, with its account.
    const serial = new X509Certificate(blocks(planetIdentity.certificateChain)[0]!).serialNumber.toLowerCase();
    expect(await database.db.select({ status: gatewayCertificates.status, userId: gatewayCertificates.userId }).from(gatewayCertificates).where(eq(gatewayCertificates.serialNumber, serial))).toEqual([{ status: 'good', userId: planet.session.user.id }]);
    // The same identity serves again; a new name issues a new certificate for what follows.
    await signAs(planet.session.access_token, 'planet-2');
    expect((await identityOf(planet.session.access_token)).id).toBe(planetIdentity.id);
    await server.request('PUT', 'account/organization', { token: planet.session.access_token, body: { name: 'Daily Planet Media' } });
    const renamed = await signAs(planet.session.access_token, 'planet-3');
    expect(renamed.verification.report.signer).toMatchObject(product);
    const list = await readAnswer(ZSigningIdentityList, await server.request('GET', 'account/signing-identities', { token: planet.session.access_token }));
    expect(list.map(({ kind, active }) => ({ kind, active }))).toEqual([{ kind: 'managed', active: true }, { kind: 'managed', active: false }]);
    expect(list[0]!.subject).toContain('O=Daily Planet Media');
    expect(blocks(list[0]!.certificateChain)).toHaveLength(2);
    // Which identity signed is recorded with each asset.
    const [row] = await database.db.select({ identity: signedAssets.signingIdentityId }).from(signedAssets).where(eq(signedAssets.id, renamed.assetId));
    expect(row?.identity).toBe(list[0]!.id);
    const { assets: listed } = (await (await server.request('GET', 'assets', { token: planet.session.access_token })).json()) as { assets: { assetId: string; signedBy: unknown }[] };
    expect(listed.find((asset) => asset.assetId === renamed.assetId)?.signedBy).toEqual({ identityId: list[0]!.id, kind: 'managed', subject: list[0]!.subject });
    expect(listed.find((asset) => asset.assetId === first.assetId)?.signedBy).toMatchObject({ identityId: list[1]!.id, kind: 'managed' });
  });

  it('an uploaded certificate becomes the active identity, signs (the claim vouched for by the c2pa-rs root; as an identity it is not confirmed), and its key is never returned or stored in the clear', async () => {
    const account = await signUpAccount(server);
    const token = account.session.access_token;
    const response = await server.request('POST', 'account/signing-identities', { token, body: { kind: 'certificate', ...certs('es256') } });
    expect(response.status).toBe(201);
    const identity = await readAnswer(ZSigningIdentity, response);
    expect(identity).toMatchObject({ kind: 'certificate', active: true });
    expect(identity.subject).toContain('CN=C2PA Signer');
    // The same certificate again is refused, naming what to do.
    const again = await server.request('POST', 'account/signing-identities', { token, body: { kind: 'certificate', ...certs('es256') } });
    expect(again.status).toBe(409);
    expect(await readJson<{ error: { code: string; message: string } }>(again)).toMatchObject({ error: { code: 'identity_exists', message: expect.stringMatching(/already one of your signing identities/) } });
    const signed = await signAs(token, 'uploaded');
    // The claim is signed and vouched for as before; the certificate also signs the account's CAWG
    // identity assertion, which c2pa-rs does not confirm (a claim-signing certificate, without the
    // document-signing usage CAWG's trust model asks of an identity), so its state is Valid, not Trusted.
    expect(signed.verification.verification).toMatchObject({ chainValid: true, signatureValid: true, trust: { tier: 'custom' } });
    expect(signed.verification.report).toMatchObject({ validationState: 'Valid', signer: { organization: 'C2PA Test Signing Cert' } });
    expect(signed.verification.report.codes.failure.map((code) => code.code)).toEqual(['cawg.x509.credential.untrusted']);
    expect(signed.verification.verification.identities).toEqual([expect.objectContaining({ name: 'C2PA Test Signing Cert', status: 'untrusted' })]);
    const listed = await (await server.request('GET', 'account/signing-identities', { token })).text();
    expect(listed).not.toMatch(/PRIVATE KEY/);
    const [stored] = await database.db.select({ sealed: signingIdentities.sealedPrivateKey }).from(signingIdentities).where(eq(signingIdentities.id, identity.id));
    expect(stored?.sealed).toBeTruthy();
    expect(stored?.sealed).not.toMatch(/PRIVATE KEY|BEGIN/);
    // Ed25519 too; then the account goes back to its managed identity.
    const ed = await readAnswer(ZSigningIdentity, await server.request('POST', 'account/signing-identities', { token, body: { kind: 'certificate', ...certs('ed25519') } }));
    const signedEd = await signAs(token, 'ed25519');
    expect(signedEd.verification.verification).toMatchObject({ chainValid: true, signatureValid: true });
    expect(signedEd.verification.verification.identities).toEqual([expect.objectContaining({ status: 'untrusted' })]);
    const managed = await signUpAccount(server);
    expect(ed.active).toBe(true);
    const back = await server.request('POST', `account/signing-identities/${identity.id}/activate`, { token });
    expect(back.status).toBe(200);
    expect((await signAs(token, 'es256-again')).verification.report.signer?.serialNumber).toBe(new X509Certificate(blocks(certs('es256').certificateChain)[0]!).serialNumber.toLowerCase());
    expect((await server.request('POST', `account/signing-identities/${identity.id}/activate`, { token: managed.session.access_token })).status).toBe(404);
  });

  it.each([
    ['a key that does not match the certificate', () => ({ certificateChain: certs('es256').certificateChain, privateKey: certs('es384').privateKey }), 'key_mismatch', /does not match/],
    ['a chain out of order', () => ({ ...certs('es256'), certificateChain: [blocks(certs('es256').certificateChain)[0]!, ...blocks(certs('es256').certificateChain)].join('\n') }), 'chain_order', /out of order/],
    ['a CA certificate as leaf', () => ({ ...certs('es256'), certificateChain: blocks(certs('es256').certificateChain).reverse().join('\n') }), 'ca_leaf', /CA certificate/],
    ['no certificate at all', () => ({ ...certs('es256'), certificateChain: 'not a certificate' }), 'unreadable_chain', /could not be read/],
  ])('refuses %s with a 400 naming the problem', async (_name, upload, code, message) => {
    const account = await signUpAccount(server);
    const response = await server.request('POST', 'account/signing-identities', { token: account.session.access_token, body: { kind: 'certificate', ...upload() } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
  });
});
