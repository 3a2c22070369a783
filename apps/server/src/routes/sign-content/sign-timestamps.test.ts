import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZSignContentResponse, ZSignedAssetList } from '@provenance/contracts';
import { makeImage, startLocalTsa, type LocalTsa } from '@provenance/engine/testing';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { createTestServer, signUpAccount } from '../../testing/test-server.ts';
import { closedPort } from '../../testing/closed-port.ts';

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };


async function timestampingServer(database: DbHandle, tsaUrl: string, tsaRootPath?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-tsa-server-'));
  const post = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 });
  const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], timestampAuthority: { url: tsaUrl, post } });
  const assetsDir = path.join(dataDir, 'assets');
  const server = await createTestServer(database, {
    engine,
    store: createFileAssetStore(assetsDir),
    trust: { savedDir: null, lists: [], anchorFiles: [], tsaAnchorFiles: tsaRootPath ? [tsaRootPath] : [], fetcher: post },
  });
  await server.services.trustLists.load();
  return { server, assetsDir, close: () => engine.close() };
}

describe('signing with TSA_URL', () => {
  let database: DbHandle;
  let tsa: LocalTsa;
  let assets: LocalAssetServer;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    tsa = await startLocalTsa();
    assets = await startLocalAssetServer();
  });
  afterAll(async () => {
    assets.close();
    await tsa.close();
    await database.close();
  });

  it('timestamps the signature: the report shows the trusted time and its authority', async () => {
    const { server, close } = await timestampingServer(database, tsa.url, tsa.rootPath);
    const token = (await signUpAccount(server)).session.access_token;
    const assetUrl = assets.publish('/stamped/photo.jpg', await makeImage('jpeg', 120, 90), 'image/jpeg');
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata } });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    expect(signed.verification.verification.status).toBe('verified');
    expect(signed.verification.report.timestamp).toMatchObject({ authority: 'Test Time-Stamping Authority', trusted: true });
    expect(tsa.requests).toBeGreaterThan(0);
    expect(signed.timestamp.state).toBe('added');
    await close();
  });

  it('signs without a timestamp when the authority cannot be reached: the answer says it is pending', async () => {
    const { server, close } = await timestampingServer(database, `http://127.0.0.1:${await closedPort()}/tsa`);
    const token = (await signUpAccount(server)).session.access_token;
    const assetUrl = assets.publish('/unstamped/photo.jpg', await makeImage('jpeg', 120, 90), 'image/jpeg');
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl, metadata } });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    expect(signed.timestamp.state).toBe('pending');
    expect(signed.warnings).toEqual([expect.stringMatching(/time-stamping authority did not answer.*added as soon as the authority answers/)]);
    expect(signed.verification.verification.status).toBe('verified');
    expect(signed.verification.report.timestamp).toBeNull();
    const list = await readAnswer(ZSignedAssetList, await server.request('GET', 'assets', { token }));
    expect(list.assets.map((asset) => [asset.assetId, asset.timestamp.state])).toEqual([[signed.assetId, 'pending']]);
    await server.close();
    await close();
  });
});
