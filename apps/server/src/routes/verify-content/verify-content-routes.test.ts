import { UNNAMED_OPERATOR } from '../../services/claim-signer/installation-claim-signer.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { corpusFile, expectedCorpus, hasCorpus, makeImage, tamperJpegPixel, type ExpectedRead } from '@provenance/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import { createGatewayTestServer, startLocalAssetServer, TEST_MAX_ASSET_BYTES, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import type { Services } from '../../services/create-services.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const metadata = { creator: 'Ada Reporter', aiAssisted: true };

describe.each(testDatabaseKinds())('POST /verify-content on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let gateway: Services;
  let assets: LocalAssetServer;
  let owner: { token: string; userId: string; email: string };
  let signed: TSignContentResponse;
  let signedBytes: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ server, gateway } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    const account = await signUpAccount(server);
    owner = { token: account.session.access_token, userId: account.session.user.id, email: account.email };
    const response = await server.request('POST', 'sign-content', { token: owner.token, body: { assetUrl: assets.publish('/original.jpg', await makeImage('jpeg', 240, 160)), metadata } });
    signed = await readAnswer(ZSignContentResponse, response);
    signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  /** The event as written to the database (events are written behind the response). */
  const storedEvent = async (id: string) => {
    await gateway.flush();
    return (await database.db.select().from(verificationEvents).where(eq(verificationEvents.id, id)))[0];
  };

  const verifyUrl = async (bytes: Uint8Array, name: string, token?: string) =>
    server.request('POST', 'verify-content', { body: { assetUrl: assets.publish(`/check/${name}`, bytes) }, ...(token && { token }), headers: { 'cf-ipcountry': 'FR', 'cf-ipcity': 'Lyon' } });

  it('verifies our own signed output as verified, with the promised shape, and records the event for owner and caller', async () => {
    const caller = await signUpAccount(server);
    const response = await verifyUrl(signedBytes, 'ours.jpg', caller.session.access_token);
    expect(response.status).toBe(200);
    const result = await readAnswer(ZVerifyResponse, response);
    expect(result.verification).toMatchObject({ status: 'verified', chainValid: true, signatureValid: true, trustLevel: 'trusted', credentials: { creator: 'Ada Reporter', aiAssisted: true, organization: UNNAMED_OPERATOR } });
    // Issue 32: the claim is signed by the installation's development product certificate, its operator
    // named as configured (checked by nobody); the owner's organisation is its identity's (cawg branch), never its email.
    expect(result.badge.message).toBe(`Content Credentials verified: signed by ${UNNAMED_OPERATOR} (self-declared, not verified) — signer chains to this gateway’s own root`);
    expect(JSON.stringify(result)).not.toContain(owner.email);
    expect(result.verification.trust).toMatchObject({ tier: 'gateway', list: 'gateway root' });
    expect(result.report.manifestId).toBe(signed.manifestId);
    const event = await storedEvent(result.eventId!);
    expect(event).toMatchObject({ status: 'verified', source: 'url', manifestId: signed.manifestId, ownerUserId: owner.userId, callerUserId: caller.session.user.id, geoLocation: 'Lyon, FR' });
  });

  it('reports a tampered copy as invalid', async () => {
    const tampered = tamperJpegPixel(signedBytes);
    const result = await readAnswer(ZVerifyResponse, await verifyUrl(tampered, 'tampered.jpg'));
    expect(result.verification).toMatchObject({ status: 'invalid', trustLevel: 'untrusted' });
    expect(result.report.codes.failure.map((code) => code.code)).toContain('assertion.dataHash.mismatch');
  });

  it('reports a file without Content Credentials as unsigned', async () => {
    const result = await readAnswer(ZVerifyResponse, await verifyUrl(await makeImage('png'), 'plain.png'));
    expect(result.verification).toMatchObject({ status: 'unsigned', trustLevel: 'none' });
    expect(result.badge.message).toBe('No Content Credentials found');
  });

  it('reports a file signed by a key outside the anchors as partial', async () => {
    const { pki } = await ensureLocalPki(path.join(mkdtempSync(path.join(tmpdir(), 'pg-outsider-')), 'pki'));
    const outsider = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const elsewhere = await sign(await makeImage('webp'), 'image/webp', metadata, { signer: outsider });
    const result = await readAnswer(ZVerifyResponse, await verifyUrl(elsewhere.signedBytes, 'elsewhere.webp'));
    expect(result.verification).toMatchObject({ status: 'partial', trustLevel: 'untrusted', signatureValid: true, chainValid: false, trust: { tier: 'untrusted', list: null } });
  });

  it('verifies an upload and a manifest we hold, by ID', async () => {
    const upload = await uploadRequest(server, 'verify-content', { file: new Blob([signedBytes]) }, undefined, { name: 'ours.jpg' });
    expect(upload.status).toBe(200);
    expect((await readAnswer(ZVerifyResponse, upload)).verification.status).toBe('verified');
    const byId = await server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId } });
    expect((await readAnswer(ZVerifyResponse, byId)).verification.status).toBe('verified');
    const unknown = await server.request('POST', 'verify-content', { body: { manifestId: 'urn:c2pa:00000000-0000-0000-0000-000000000000' } });
    expect(unknown.status).toBe(404);
  });

  it('verifies the file sent as the body itself, typed by its content type (a CDN worker, curl --data-binary)', async () => {
    const raw = (body: Uint8Array | string, type: string) => server.app.request('/api/v1/verify-content', { method: 'POST', body, headers: { 'content-type': type } });
    const ours = await raw(signedBytes, 'image/jpeg');
    expect(ours.status).toBe(200);
    const result = await readAnswer(ZVerifyResponse, ours);
    expect(result.verification.status).toBe('verified');
    expect(result.report.manifestId).toBe(signed.manifestId);
    expect((await storedEvent(result.eventId!))?.source).toBe('upload');
    // Untyped bytes are sniffed; a .c2pa manifest store is read on its own.
    expect((await readAnswer(ZVerifyResponse, await raw(signedBytes, 'application/octet-stream'))).verification.status).toBe('verified');
    const sidecarUrl = new URL(signed.sidecarUrl);
    const sidecar = new Uint8Array(await (await server.app.request(sidecarUrl.pathname + sidecarUrl.search)).arrayBuffer());
    expect((await readAnswer(ZVerifyResponse, await raw(sidecar, 'application/c2pa'))).report.manifestId).toBe(signed.manifestId);
    const empty = await raw(new Uint8Array(0), 'image/jpeg');
    expect(empty.status).toBe(400);
    const text = await raw('hello', 'application/octet-stream');
    expect(text.status).toBe(422);
    expect((await readJson<{ error: { code: string } }>(text)).error.code).toBe('unsupported_format');
    const tooLarge = await raw(new Uint8Array(TEST_MAX_ASSET_BYTES + 1), 'image/jpeg');
    expect(tooLarge.status).toBe(413);
    const unknownType = await raw('x', 'text/plain');
    expect(unknownType.status).toBe(415);
  });

  it('fetches a remote manifest (XMP dcterms:provenance) through the safe fetcher', async () => {
    const { gateway } = await createGatewayTestServer(database);
    const manifestUrl = assets.publish('/manifests/remote.c2pa', new Uint8Array(0));
    const remote = await gateway.engine.sign(await makeImage('jpeg'), 'image/jpeg', metadata, { remoteManifestUrl: manifestUrl });
    assets.publish('/manifests/remote.c2pa', remote.manifestStore, 'application/c2pa');
    const result = await verifyUrl(remote.signedBytes, 'remote.jpg');
    expect(result.status).toBe(200);
    // Signed by the other gateway instance's own root, which this one does not trust: intact, not trusted.
    expect((await readAnswer(ZVerifyResponse, result)).verification.status).toBe('partial');
  });

  it('fetches a remote manifest named in a non-canonical form once, through the safe fetcher; the engine makes no request of its own', async () => {
    // c2pa-rs requests the canonical URL (no fragment): it must be answered from the bytes the
    // gateway fetched, never by a fetch of the engine's (no address rules, no time limit).
    const manifestUrl = `${assets.publish('/manifests/fragment.c2pa', new Uint8Array(0))}#frag`;
    const remote = await gateway.engine.sign(await makeImage('jpeg'), 'image/jpeg', metadata, { remoteManifestUrl: manifestUrl });
    assets.publish('/manifests/fragment.c2pa', remote.manifestStore, 'application/c2pa');
    const before = assets.requests.length;
    const result = await verifyUrl(remote.signedBytes, 'fragment.jpg');
    expect(result.status).toBe(200);
    expect((await readAnswer(ZVerifyResponse, result)).report.manifestId).toBe(remote.manifestId);
    const manifestRequests = assets.requests.slice(before).filter((request) => request.path === '/manifests/fragment.c2pa');
    expect(manifestRequests).toHaveLength(1);
    expect(manifestRequests[0]!.userAgent).toMatch(/^ProvenanceGateway\//);
  });

  it('says why it cannot verify: bad input, refused address, hostile file', async () => {
    const empty = await server.request('POST', 'verify-content', { body: { assetUrl: '' } });
    expect(empty.status).toBe(400);
    const both = await server.request('POST', 'verify-content', { body: {} });
    expect(both.status).toBe(400);
    const metadataAddress = await server.request('POST', 'verify-content', { body: { assetUrl: 'http://[fd00::1]/a.jpg' } });
    expect(metadataAddress.status).toBe(403);
    const scheme = await server.request('POST', 'verify-content', { body: { assetUrl: 'ftp://example.org/a.jpg' } });
    expect(scheme.status).toBe(400);
    const text = await uploadRequest(server, 'verify-content', { file: new Blob([new TextEncoder().encode('hello')]) }, undefined, { name: 'a.txt' });
    expect(text.status).toBe(422);
    expect((await readJson<{ error: { code: string } }>(text)).error.code).toBe('unsupported_format');
  });

  it.skipIf(!hasCorpus)('says why an MP4 whose C2PA box holds no readable manifest cannot be verified', async () => {
    // c2pa-rs's DASH media segment, its styp box renamed ftyp: an MP4 whose C2PA box leaves its manifest to an init segment it lacks.
    const bytes = corpusFile('c2pa-rs/dash1.m4s').slice();
    bytes.set(new TextEncoder().encode('ftyp'), 4);
    const response = await uploadRequest(server, 'verify-content', { file: new Blob([bytes]) }, undefined, { name: 'fragment.mp4' });
    expect(response.status).toBe(422);
    expect((await readJson<{ error: { message: string } }>(response)).error.message).toBe('The file could not be read: it has a C2PA box from which no manifest can be read.');
  });

  it.skipIf(!hasCorpus)('explains in its own words the codes c2pa-rs gives only in its terse English', async () => {
    const explanations = async (file: string) => {
      const response = await uploadRequest(server, 'verify-content', { file: new Blob([corpusFile(file)]) }, undefined, { name: path.basename(file) });
      const { report } = await readAnswer(ZVerifyResponse, response);
      return [...report.codes.success, ...report.codes.informational, ...report.codes.failure, ...report.ingredientFailures];
    };
    // c2pa-rs: "extra BMFF hash exclusion(s) found".
    expect(await explanations('c2pa-rs/video1.mp4')).toContainEqual(
      expect.objectContaining({ code: 'assertion.bmffHash.additionalExclusionsPresent', explanation: 'The video’s hash leaves out more of the file than the manifest itself: those bytes are not protected.' }),
    );
    // c2pa-rs: "ingredient manifest missing", "ingredient not found".
    const missing = (await explanations('public-testfiles/adobe-20220124-E-clm-CAICAI.jpg')).filter((code) => code.code === 'ingredient.manifest.missing');
    expect(missing.length).toBeGreaterThan(0);
    expect(new Set(missing.map((code) => code.explanation))).toEqual(new Set(['An ingredient’s manifest cannot be found.']));
  });

  it.skipIf(!hasCorpus)('says the signature of a file whose certificate has expired still validates, and the certificate does not', async () => {
    // A Nikon camera's signature, its certificate since expired and no timestamp: c2pa-rs 0.92 checks the signature but no longer says claimSignature.validated.
    const response = await uploadRequest(server, 'verify-content', { file: new Blob([corpusFile('public-testfiles/nikon-20221019-building.jpeg')]) }, undefined, { name: 'building.jpeg' });
    const { verification } = await readAnswer(ZVerifyResponse, response);
    expect(verification).toMatchObject({ status: 'invalid', reasonCode: 'signingCredential.expired', signatureValid: true, chainValid: false });
  });

  it('attributes an API-key call to the key’s account', async () => {
    const caller = await signUpAccount(server);
    const key = await readJson<{ key: { secret: string } }>(await server.request('POST', 'account/api-keys/test/regenerate', { token: caller.session.access_token }));
    const result = await readAnswer(ZVerifyResponse, await verifyUrl(signedBytes, 'by-key.jpg', key.key.secret));
    const event = await storedEvent(result.eventId!);
    expect(event?.callerUserId).toBe(caller.session.user.id);
  });

  const mapping = (expected: ExpectedRead) => (expected.state ? ({ Trusted: 'verified', Valid: 'partial', Invalid: 'invalid' } as const)[expected.state] : expected.error === 'C2pa(JumbfNotFound)' ? 'unsigned' : 'error');

  describe.skipIf(!hasCorpus)('the corpus through HTTP uploads (../shared/corpus, our own root as the only anchor)', () => {
    const corpus = hasCorpus ? expectedCorpus() : { files: {} };
    for (const [file, expected] of Object.entries(corpus.files)) {
      it(`${file}: ${mapping(expected.untrusted)}`, async () => {
        const response = await uploadRequest(server, 'verify-content', { file: new Blob([corpusFile(file)]) }, undefined, { name: path.basename(file) });
        const want = mapping(expected.untrusted);
        if (want === 'error') {
          expect(response.status).toBe(422);
          expect((await readJson<{ error: { message: string } }>(response)).error.message.length).toBeGreaterThan(10);
        } else {
          expect(response.status).toBe(200);
          expect((await readAnswer(ZVerifyResponse, response)).verification.status).toBe(want);
        }
      });
    }
  });
});
