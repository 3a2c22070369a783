// A trusted timestamp beats a claimed time, over real HTTP: account A signs a photo on a gateway
// without a time-stamping authority (its time is only claimed); account B signs A's published photo
// later on a gateway that timestamps through a local RFC 3161 authority it trusts. Both gateways
// share one database. A stripped copy is credited to B, whose time a third party attests, and both
// signings are listed with their times.
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import { startLocalTsa, type LocalTsa } from '@provenance/engine/testing';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../assets/asset-store.ts';
import { createEngine } from '../engine/engine.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { sceneImage } from '../../testing/scene-image.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

/** A server listening on loopback, and its base URL. */
async function listen(server: TestServer): Promise<{ base: string; listening: ServerType }> {
  let listening!: ServerType;
  await new Promise<void>((ready) => {
    listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
  });
  return { base: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, listening };
}

describe('recovery ranks a trusted timestamp before a claimed time', () => {
  let database: DbHandle;
  let tsa: LocalTsa;
  let plain: { server: TestServer; close: () => Promise<void> };
  let stamping: { server: TestServer; engine: Awaited<ReturnType<typeof createEngine>> };
  const listeners: ServerType[] = [];
  let plainBase: string;
  let stampingBase: string;
  let first: TSignContentResponse;
  let second: TSignContentResponse;
  let published: Uint8Array;

  const sign = async (base: string, token: string, bytes: Uint8Array, name: string): Promise<TSignContentResponse> => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
    form.append('metadata', JSON.stringify({ creator: name }));
    return readAnswer(ZSignContentResponse, await fetch(`${base}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    tsa = await startLocalTsa();
    plain = await createGatewayTestServer(database);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-recovery-tsa-'));
    const post = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 });
    const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], timestampAuthority: { url: tsa.url, post } });
    const server = await createTestServer(database, {
      engine,
      store: createFileAssetStore(path.join(dataDir, 'assets')),
      trust: { savedDir: null, lists: [], anchorFiles: [], tsaAnchorFiles: [tsa.rootPath], fetcher: post },
    });
    await server.services.trustLists.load();
    stamping = { server, engine };
    let listening: ServerType;
    ({ base: plainBase, listening } = await listen(plain.server));
    listeners.push(listening);
    ({ base: stampingBase, listening } = await listen(stamping.server));
    listeners.push(listening);

    first = await sign(plainBase, (await signUpAccount(plain.server)).session.access_token, await sceneImage(61), 'first.jpg');
    expect(first.verification.report.timestamp).toBeNull();
    const download = await fetch(new URL(new URL(first.signedAssetUrl).pathname, plainBase));
    published = new Uint8Array(await download.arrayBuffer());
    second = await sign(stampingBase, (await signUpAccount(stamping.server)).session.access_token, published, 'second.jpg');
    expect(second.verification.report.timestamp).toMatchObject({ trusted: true });
  }, 30_000);
  afterAll(async () => {
    for (const listening of listeners) await new Promise((closed) => listening.close(closed));
    await plain.close();
    await stamping.engine.close();
    await stamping.server.services.flush();
    await tsa.close();
    await database.close();
  });

  it('credits the timestamped later signing and lists the claimed earlier one after it', async () => {
    // Asked of the gateway that holds the credited signing's file (each gateway here has its own asset store).
    const response = await fetch(`${stampingBase}/api/v1/verify-content`, { method: 'POST', body: softBinding.withoutEmbeddedManifest(published, 'image/jpeg')!, headers: { 'content-type': 'image/jpeg' } });
    const answer = await readAnswer(ZVerifyResponse, response);
    expect(answer.recovery?.manifestId).toBe(second.manifestId);
    const [stamped, claimed] = answer.recovery!.candidates;
    expect(stamped).toMatchObject({ manifestId: second.manifestId, trustedTimestampAt: new Date(second.verification.report.timestamp!.time).toISOString() });
    expect(claimed).toMatchObject({ manifestId: first.manifestId, trustedTimestampAt: null, signedAt: new Date(first.signedManifest.timestamp).toISOString(), method: 'exact-hash' });
  });
});
