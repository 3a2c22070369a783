// Sidecars through the API: sidecar: true on POST /sign-content keeps the original unchanged and
// serves the manifest over it; POST /verify-content verifies the pair sent as file + manifest parts
// (and the stored asset by manifest ID); signing a file whose credentials are invalid warns.
import { ZSignContentResponse, ZSignedAssetList, ZVerifyResponse } from '@provenance/contracts';
import { corpusFile, hasCorpus, makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };

describe('sidecars and invalid parents through the API', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  it('signs as a sidecar: the original is served unchanged, and file + manifest parts verify as a pair', async () => {
    const original = await makeImage('jpeg', 160, 120, 21);
    const assetUrl = assets.publish('/sidecar/photo.jpg', original, 'image/jpeg');
    const signed = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata, sidecar: true } }));
    expect(signed).toMatchObject({ sidecar: true, warnings: [], parentCredentials: null });
    expect(signed.verification.verification.status).toBe('verified');

    const file = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
    expect(Buffer.from(file).equals(original)).toBe(true);
    const manifest = new Uint8Array(await (await server.app.request(`${new URL(signed.sidecarUrl).pathname}${new URL(signed.sidecarUrl).search}`)).arrayBuffer());

    const pairResponse = await uploadRequest(server, 'verify-content', { file: new Blob([file]), manifest: new Blob([manifest]) });
    if (pairResponse.status !== 200) throw new Error(await pairResponse.text());
    const pair = await readAnswer(ZVerifyResponse, pairResponse);
    expect(pair.verification.status).toBe('verified');
    expect(pair.report.manifestId).toBe(signed.manifestId);
    const alone = await readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([file]) }));
    expect(alone.verification.status).toBe('unsigned');
    const tampered = await readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([tamperJpegPixel(file)]), manifest: new Blob([manifest]) }));
    expect(tampered.verification.status).toBe('invalid');
    expect(tampered.report.codes.failure.map((code) => code.code)).toEqual(['assertion.dataHash.mismatch']);

    const byId = await readAnswer(ZVerifyResponse, await server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId } }));
    expect(byId.verification.status).toBe('verified');
  });

  it.skipIf(!hasCorpus)('warns that a sidecar over an MP3 binds the rewritten copy served at signedAssetUrl, not the original', async () => {
    const original = corpusFile('c2pa-rs/sample1.mp3');
    const assetUrl = assets.publish('/sidecar/song.mp3', original, 'audio/mpeg');
    const signed = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata, sidecar: true } }));
    expect(signed.warnings).toEqual([expect.stringContaining('the sidecar binds the rewritten copy, not the original file')]);
    const served = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
    expect(Buffer.from(served).equals(Buffer.from(original))).toBe(false);
  });

  it('warns when the credentials the file carried are invalid, in the answer and the signed-asset list', async () => {
    const first = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish('/parent/a.jpg', await makeImage('jpeg', 160, 120, 23)), metadata } }));
    const signedBytes = new Uint8Array(await (await server.app.request(new URL(first.signedAssetUrl).pathname)).arrayBuffer());
    const again = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish('/parent/b.jpg', tamperJpegPixel(signedBytes)), metadata } }));
    expect(again.parentCredentials).toMatchObject({ status: 'invalid' });
    expect(again.warnings).toHaveLength(1);
    expect(again.warnings[0]).toContain('already carried are invalid');
    const list = await readAnswer(ZSignedAssetList, await server.request('GET', 'assets', { token }));
    const row = list.assets.find((asset) => asset.assetId === again.assetId);
    expect(row?.parentCredentialsWarning).toBe(again.warnings[0]);
    expect(list.assets.find((asset) => asset.assetId === first.assetId)?.parentCredentialsWarning).toBeNull();
  });
});
