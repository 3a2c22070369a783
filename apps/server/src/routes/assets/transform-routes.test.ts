// Provenance-preserving transforms through the API: the transformed file, read back with the
// engine, has the source's manifest as parentOf ingredient and the actions for what was done; it is
// listed like any signed asset; another account cannot transform it; bad parameters are a 400.
import { ZSignContentResponse, ZSignedAssetList } from '@provenance/contracts';
import { createTrustStore, verify } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };

describe('POST /assets/{assetId}/transform', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let token: string;
  let source: { assetId: string; manifestId: string };

  const download = async (url: string): Promise<Uint8Array> => new Uint8Array(await (await server.app.request(new URL(url).pathname)).arrayBuffer());
  const transform = (assetId: string, body: unknown, as = token) => server.request('POST', `assets/${assetId}/transform`, { token: as, body });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    token = (await signUpAccount(server)).session.access_token;
    const assetUrl = assets.publish('/transform/harbour.jpg', await makeImage('jpeg', 400, 300, 31), 'image/jpeg');
    source = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata } }));
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  it('resizes and converts to WebP, signed with the source as parent ingredient and the actions', async () => {
    const response = await transform(source.assetId, { resize: { width: 200 }, format: 'webp', quality: 70 });
    expect(response.status).toBe(201);
    const result = await readAnswer(ZSignContentResponse, response);
    expect(result.mime).toBe('image/webp');
    expect(result.manifestId).not.toBe(source.manifestId);
    expect(result.verification.verification.status).toBe('verified');

    const bytes = await download(result.signedAssetUrl);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 150 });
    const read = await verify(bytes, 'image/webp', { trust: createTrustStore([server.services.engine.rootCertificatePem]) });
    expect(read.verification.status).toBe('verified');
    const actions = read.report.activeManifest?.actions ?? [];
    expect(actions.map((action) => action.action)).toEqual(['c2pa.opened', 'c2pa.resized', 'c2pa.transcoded']);
    expect(read.report.activeManifest?.creator).toBe('Ada Reporter');
    expect(read.report.activeManifest?.title).toBe('harbour-200x150.webp');
    expect(read.report.ingredients).toHaveLength(1);
    expect(read.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', manifestLabel: source.manifestId, format: 'image/jpeg', status: 'verified' });

    const list = await readAnswer(ZSignedAssetList, await server.request('GET', 'assets', { token }));
    expect(list.assets.map((asset) => asset.assetId)).toContain(result.assetId);
  });

  it('crops in percent and keeps the source format, recording only c2pa.cropped', async () => {
    const result = await readAnswer(ZSignContentResponse, await transform(source.assetId, { crop: { left: 10, top: 10, width: 50, height: 50, unit: 'percent' } }));
    const bytes = await download(result.signedAssetUrl);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
    const read = await verify(bytes, 'image/jpeg', {});
    expect(read.report.activeManifest?.actions.map((action) => action.action)).toEqual(['c2pa.opened', 'c2pa.cropped']);
    expect(read.report.ingredients[0]?.manifestLabel).toBe(source.manifestId);
  });

  it('answers 404 to another account, and to no account 401', async () => {
    const other = (await signUpAccount(server)).session.access_token;
    expect((await transform(source.assetId, { format: 'png' }, other)).status).toBe(404);
    expect((await server.request('POST', `assets/${source.assetId}/transform`, { body: { format: 'png' } })).status).toBe(401);
    expect((await transform('0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11', { format: 'png' })).status).toBe(404);
  });

  it('refuses bad parameters with 400', async () => {
    for (const body of [{}, { format: 'gif' }, { quality: 0 }, { resize: {} }, { resize: { width: 100_000 } }, { crop: { left: 0, top: 0, width: 60, height: 10, unit: 'percent' }, resize: { width: 0 } }, { crop: { left: 90, top: 0, width: 20, height: 10, unit: 'percent' } }, { rotate: 90 }]) {
      const response = await transform(source.assetId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    // A crop beyond the image is known only once the image is read: still the caller's mistake.
    const beyond = await transform(source.assetId, { crop: { left: 300, top: 0, width: 200, height: 100 } });
    expect(beyond.status).toBe(400);
    expect(((await beyond.json()) as { error: { message: string } }).error.message).toContain('goes beyond the image (400×300)');
  });
});
