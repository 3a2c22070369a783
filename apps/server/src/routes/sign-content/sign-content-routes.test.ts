import { ZSignContentResponse, ZSignedAssetList, ZVerifyResponse } from '@provenance/contracts';
import { makeBmff, makeImage, rawValidationState } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher } from '@provenance/safe-fetch';
import type { DbHandle } from '../../db/create-db.ts';
import { createContentSigner } from '../../services/signing/sign-content.ts';
import type { Services } from '../../services/create-services.ts';
import { createGatewayTestServer, startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };

describe.each(testDatabaseKinds())('POST /sign-content on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let token: string;
  let gateway: Services;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ server, gateway } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  const cases: [string, () => Promise<Uint8Array>, string][] = [
    ['JPEG', () => makeImage('jpeg', 200, 150), 'image/jpeg'],
    ['PNG', () => makeImage('png', 120, 90), 'image/png'],
    ['WebP', () => makeImage('webp', 120, 90), 'image/webp'],
    ['MP4', async () => makeBmff('mp4', 64 * 1024), 'video/mp4'],
  ];

  for (const [name, make, mime] of cases) {
    it(`signs a ${name} by URL, stores it, and the downloaded file verifies as verified`, async () => {
      const original = await make();
      const assetUrl = assets.publish(`/by-url/photo.${mime.split('/')[1]}`, original, 'application/octet-stream');
      const response = await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata } });
      expect(response.status).toBe(201);
      const signed = await readAnswer(ZSignContentResponse, response);
      expect(signed).toMatchObject({ success: true, mime, bytes: { original: original.byteLength } });
      expect(signed.manifestId).toMatch(/^urn:c2pa:/);
      expect(signed.signedManifest.assetHash).toMatch(/^[0-9a-f]{64}$/);
      expect(signed.verification.verification.status).toBe('verified');

      const download = await server.app.request(new URL(signed.signedAssetUrl).pathname);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe(mime);
      expect(download.headers.get('content-disposition')).toContain('attachment');
      const bytes = new Uint8Array(await download.arrayBuffer());
      expect(bytes.byteLength).toBe(signed.bytes.signed);
      expect(await rawValidationState(bytes, mime)).toBe('Valid');

      const verify = await readAnswer(ZVerifyResponse, await server.request('POST', 'verify-content', { body: { assetUrl: assets.publish(`/signed/${signed.assetId}`, bytes) } }));
      expect(verify.verification.status).toBe('verified');
      expect(verify.report.manifestId).toBe(signed.manifestId);
    });
  }

  it('signs an upload, and serves the manifest as JSON and as a .c2pa sidecar', async () => {
    const original = await makeImage('jpeg', 180, 120);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([original]), metadata: JSON.stringify({ ...metadata, aiAssisted: true, title: 'desk.jpg' }) }, token, { name: 'desk.jpg' });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    expect(signed.verification.verification.credentials).toMatchObject({ creator: 'Ada Reporter', aiAssisted: true });

    const manifest = await server.app.request(new URL(signed.manifestUrl).pathname);
    expect(manifest.status).toBe(200);
    expect((await readAnswer(ZVerifyResponse, manifest)).report.manifestId).toBe(signed.manifestId);

    const sidecar = await server.app.request(new URL(signed.sidecarUrl).pathname + new URL(signed.sidecarUrl).search);
    expect(sidecar.headers.get('content-type')).toBe('application/c2pa');
    const byAccept = await server.app.request(new URL(signed.manifestUrl).pathname, { headers: { accept: 'application/c2pa' } });
    expect(byAccept.headers.get('content-type')).toBe('application/c2pa');
    expect((await sidecar.arrayBuffer()).byteLength).toBeGreaterThan(500);

    const thumbnail = await server.app.request(`/api/v1/assets/${signed.assetId}/thumbnail`);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
  });

  it('gives two manifests for the same bytes signed twice, and lists them newest first', async () => {
    const account = await signUpAccount(server);
    const original = await makeImage('png', 64, 64);
    const assetUrl = assets.publish('/twice.png', original);
    const first = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token: account.session.access_token, body: { assetUrl, metadata } }));
    const second = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token: account.session.access_token, body: { assetUrl, metadata } }));
    expect(second.manifestId).not.toBe(first.manifestId);
    expect(second.signedManifest.assetHash).toBe(first.signedManifest.assetHash);
    const list = await readAnswer(ZSignedAssetList, await server.request('GET', 'assets', { token: account.session.access_token }));
    expect(list.assets.map((asset) => asset.manifestId)).toEqual([second.manifestId, first.manifestId]);
    expect(list.assets[0]).toMatchObject({ status: 'verified', verificationCount: 0 });
    expect(list.assets[0]?.thumbnailUrl).toContain(`/assets/`);
  });

  it('takes an API key as the bearer', async () => {
    const account = await signUpAccount(server);
    const regenerated = await readJson<{ key: { secret: string } }>(await server.request('POST', 'account/api-keys/production/regenerate', { token: account.session.access_token }));
    const response = await server.request('POST', 'sign-content', { token: regenerated.key.secret, body: { assetUrl: assets.publish('/key.jpg', await makeImage('jpeg')), metadata } });
    expect(response.status).toBe(201);
  });

  it('requires authentication', async () => {
    const response = await server.request('POST', 'sign-content', { body: { assetUrl: 'https://example.org/a.jpg', metadata } });
    expect(response.status).toBe(401);
    expect((await readJson<{ error: { code: string } }>(response)).error.code).toBe('unauthorized');
  });

  it('says which field is missing or wrong', async () => {
    const missingCreator = await server.request('POST', 'sign-content', { token, body: { assetUrl: 'https://example.org/a.jpg', metadata: { license: 'x' } } });
    expect(missingCreator.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(missingCreator)).error.message).toMatch(/Creator name is required/);
    const badUrl = await server.request('POST', 'sign-content', { token, body: { assetUrl: 'not a url', metadata } });
    expect(badUrl.status).toBe(400);
    const noFile = await uploadRequest(server, 'sign-content', { metadata: JSON.stringify(metadata) }, token);
    expect(noFile.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(noFile)).error.message).toMatch(/file is required/);
  });

  it('refuses inward addresses that are not allow-listed, with the rule', async () => {
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl: 'http://169.254.169.254/latest/meta-data/', metadata } });
    expect(response.status).toBe(403);
    const { error } = await readJson<{ error: { code: string; message: string } }>(response);
    expect(error.code).toBe('fetch_address');
    expect(error.message).toMatch(/link-local/);
  });

  it('answers 422 with the reason for a file that is not a signable image or video, and keeps serving', async () => {
    const text = await uploadRequest(server, 'sign-content', { file: new Blob([new TextEncoder().encode('just some words')]), metadata: JSON.stringify(metadata) }, token, { name: 'notes.txt' });
    expect(text.status).toBe(422);
    expect((await readJson<{ error: { code: string } }>(text)).error.code).toBe('unsupported_format');
    const broken = await uploadRequest(server, 'sign-content', { file: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3])]), metadata: JSON.stringify(metadata) }, token, { name: 'broken.jpg' });
    expect(broken.status).toBe(422);
    const after = await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish('/after.jpg', await makeImage('jpeg')), metadata } });
    expect(after.status).toBe(201);
  });

  it('refuses a NUL in the metadata with 400 before any file is written', async () => {
    const before = await gateway.store.list();
    const upload = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg')]), metadata: JSON.stringify({ ...metadata, title: 'harbour\u0000.jpg' }) }, token, { name: 'harbour.jpg' });
    expect(upload.status).toBe(400);
    expect((await readJson<{ error: { code: string; message: string } }>(upload)).error).toEqual({ code: 'validation_error', message: 'title must not contain NUL characters' });
    const byUrl = await server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish('/nul.jpg', await makeImage('jpeg')), metadata: { ...metadata, creator: 'Ada\u0000' } } });
    expect(byUrl.status).toBe(400);
    expect(await gateway.store.list()).toEqual(before);
  });

  it('removes the files it wrote when the row cannot be inserted', async () => {
    const signer = createContentSigner({
      engine: gateway.engine,
      fetcher: createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 }),
      store: gateway.store,
      signedAssets: { ...gateway.signedAssets, insert: () => Promise.reject(new Error('database gone')) },
    });
    const before = await gateway.store.list();
    await expect(signer.signContent('no-such-user', { kind: 'upload', bytes: await makeImage('jpeg'), fileName: 'a.jpg' }, metadata)).rejects.toThrow('database gone');
    expect(await gateway.store.list()).toEqual(before);
  });
});
