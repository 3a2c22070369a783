// Recovery credits the first signer, over real HTTP: account A signs a photo, account B signs A's
// published photo later. A stripped or re-encoded copy is credited to A, with both signings listed
// earliest first; the SBR content lookup ranks the same way. A copy whose EXIF orientation tag was
// dropped (its pixels shown as stored, a turned picture) is still found.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ZSbrMatches, ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { sceneImage } from '../../testing/scene-image.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe('recovery ranks signings of the same content earliest first', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let listening: ServerType;
  let base: string;
  let first: TSignContentResponse;
  let second: TSignContentResponse;
  let published: Uint8Array;

  const download = async (url: string): Promise<Uint8Array> => {
    // The test server's links name its configured public URL: the path is asked of this listener.
    const response = await fetch(new URL(new URL(url).pathname, base));
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const sign = async (token: string, bytes: Uint8Array, name: string): Promise<TSignContentResponse> => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), name);
    form.append('metadata', JSON.stringify({ creator: name }));
    return readAnswer(ZSignContentResponse, await fetch(`${base}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } }));
  };
  const verify = async (bytes: Uint8Array) =>
    readAnswer(ZVerifyResponse, await fetch(`${base}/api/v1/verify-content`, { method: 'POST', body: bytes, headers: { 'content-type': 'image/jpeg' } }));

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database));
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const [a, b] = [await signUpAccount(server), await signUpAccount(server)];
    first = await sign(a.session.access_token, await sceneImage(31), 'first.jpg');
    published = await download(first.signedAssetUrl);
    // B takes A's published photo, credentials and all, and signs it as its own, later.
    second = await sign(b.session.access_token, published, 'second.jpg');
    expect(Date.parse(second.signedManifest.timestamp)).toBeGreaterThan(Date.parse(first.signedManifest.timestamp));
  }, 30_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await close();
    await database.close();
  });

  it('credits a stripped copy to the first signer and lists both signings, earliest first', async () => {
    const answer = await verify(softBinding.withoutEmbeddedManifest(published, 'image/jpeg')!);
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery).toMatchObject({ manifestId: first.manifestId, method: 'exact-hash', similarity: 100 });
    const candidates = answer.recovery!.candidates;
    expect(candidates.map((candidate) => candidate.manifestId)).toEqual([first.manifestId, second.manifestId]);
    expect(candidates[0]).toMatchObject({ method: 'exact-hash', similarity: 100, signedAt: new Date(first.signedManifest.timestamp).toISOString(), trustedTimestampAt: null });
    expect(['exact-hash', 'fingerprint']).toContain(candidates[1]!.method);
    expect(candidates[1]!.similarity).toBeGreaterThanOrEqual(88);
    expect(candidates[1]!.signedAt).toBe(new Date(second.signedManifest.timestamp).toISOString());
  });

  it('credits a re-encoded copy, matched by fingerprint, to the first signer too', async () => {
    const answer = await verify(new Uint8Array(await sharp(published).jpeg({ quality: 75 }).toBuffer()));
    expect(answer.recovery?.manifestId).toBe(first.manifestId);
    expect(answer.recovery!.candidates.map((candidate) => [candidate.manifestId, candidate.method])).toEqual([
      [first.manifestId, 'fingerprint'],
      [second.manifestId, 'fingerprint'],
    ]);
  });

  it('ranks an SBR content lookup the same way', async () => {
    const response = await fetch(`${base}/api/v1/sbr/matches/byContent?maxResults=5`, { method: 'POST', body: softBinding.withoutEmbeddedManifest(published, 'image/jpeg')!, headers: { 'content-type': 'image/jpeg' } });
    const { matches } = await readAnswer(ZSbrMatches, response);
    expect(matches.map((match) => match.manifestId)).toEqual([first.manifestId, second.manifestId]);
  });

  it('finds a copy whose EXIF orientation was dropped', async () => {
    const [c] = [await signUpAccount(server)];
    // A camera's photo: pixels stored on their side, shown upright by EXIF orientation 6.
    const upright = await sceneImage(47, 320, 240);
    const camera = new Uint8Array(await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer());
    const signed = await sign(c.session.access_token, camera, 'camera.jpg');
    // A copy re-encoded without its metadata: the stored pixels, on their side, and no orientation tag.
    const dropped = new Uint8Array(await sharp(await download(signed.signedAssetUrl)).jpeg({ quality: 85 }).toBuffer());
    expect((await sharp(dropped).metadata()).orientation ?? 1).toBe(1);
    const answer = await verify(dropped);
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery).toMatchObject({ manifestId: signed.manifestId, method: 'fingerprint' });
    // And pixels turned the other way (a copy turned by hand to undo a wrong orientation) are found as well.
    const turned = new Uint8Array(await sharp(upright).rotate(90).jpeg({ quality: 85 }).toBuffer());
    expect((await verify(turned)).recovery?.manifestId).toBe(signed.manifestId);
  });
});
