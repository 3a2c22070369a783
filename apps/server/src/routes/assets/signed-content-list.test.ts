// The dashboard's list of signed content, over real HTTP on loopback: each file shows its own verdict
// now (its stored file verified), not the verdict of whatever copy someone checked last; copies seen
// elsewhere (a stripped copy fetched from another site, a tampered copy uploaded from a news page) are
// listed apart, with where and when; a file signed with the account's own certificate on no trust
// list shows that tier, never Verified; and the list comes a page at a time.
import { ZSignContentResponse, ZSignedAssetList, ZSigningIdentity, ZVerifyResponse, type TSignedAsset } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import { corpusText, hasCorpus, makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
const { withoutEmbeddedManifest } = softBinding;

describe.skipIf(!hasCorpus)('Your signed content: each file’s own verdict, copies seen elsewhere apart', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let assets: LocalAssetServer;
  let listening: LoopbackApi;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // No anchor beyond the bundled lists and this gateway's root: the c2pa-rs test certificate is on no list.
    ({ server, close } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    listening = await listenOnLoopback(server);
    base = listening.base;
  }, 60_000);
  afterAll(async () => {
    await listening?.close();
    assets?.close();
    await close?.();
    await database?.close();
  });

  const call = (path: string, init: { method?: string; token?: string; json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {}) =>
    fetch(`${base}/${path}`, {
      method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
      headers: {
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...(init.json !== undefined && { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : init.body ? { body: init.body } : {}),
    });
  const sign = async (token: string, name: string, bytes: Uint8Array) =>
    readAnswer(ZSignContentResponse, await call('sign-content', { token, json: { assetUrl: assets.publish(`/originals/${name}.jpg`, bytes, 'image/jpeg'), metadata: { creator: 'Ada', title: name } } }));
  const listed = async (token: string, query = ''): Promise<{ assets: TSignedAsset[]; nextCursor: string | null }> => readAnswer(ZSignedAssetList, await call(`assets${query}`, { token }));

  it('keeps the owner’s file Verified (this gateway only) when others check a stripped and a tampered copy, and lists those copies apart', async () => {
    const owner = await signUpAccount(server);
    const token = owner.session.access_token;
    const signed = await sign(token, 'harbour', await makeImage('jpeg', 240, 160));
    const signedBytes = new Uint8Array(await (await fetch(signed.signedAssetUrl.replace(/^https?:\/\/[^/]+\/api\/v1/, base))).arrayBuffer());

    // Someone else fetches a copy stripped of its credentials from another site (the link carries their token).
    const strippedUrl = assets.publish('/elsewhere/harbour.jpg', withoutEmbeddedManifest(signedBytes, 'image/jpeg')!, 'image/jpeg');
    const stripped = await readAnswer(ZVerifyResponse, await call('verify-content', { json: { assetUrl: `${strippedUrl}?token=s3cret#top` } }));
    expect(stripped.verification.status).toBe('unsigned');
    expect(stripped.recovery?.manifestId).toBe(signed.manifestId);
    // And a news page's reader checks a copy whose pixels were changed, which still carries the manifest.
    const tampered = await readAnswer(ZVerifyResponse, await call('verify-content', { body: tamperJpegPixel(signedBytes), headers: { 'content-type': 'image/jpeg', origin: 'https://news.example' } }));
    expect(tampered.verification.status).toBe('invalid');

    const [asset] = (await listed(token)).assets;
    expect(asset?.assetId).toBe(signed.assetId);
    // The file's own verdict: its stored file, verified under the lists in force, not the last copy checked.
    expect(asset?.status).toBe('verified');
    expect(asset?.verdict).toMatchObject({ status: 'verified', trust: { tier: 'gateway', label: signed.verification.verification.trust.label } });
    expect(asset?.verificationCount).toBe(2);
    const { stripped: strippedCopies, tampered: tamperedCopies, mismatched } = asset!.seenElsewhere;
    expect(strippedCopies).toMatchObject({ count: 1, places: [{ where: strippedUrl, count: 1 }] });
    expect(tamperedCopies).toMatchObject({ count: 1, places: [{ where: 'https://news.example', count: 1 }] });
    expect(mismatched).toEqual({ count: 0, places: [] });
    const [place] = strippedCopies.places;
    expect(Date.parse(place!.firstSeen)).toBeLessThanOrEqual(Date.parse(place!.lastSeen));
    expect(Date.now() - Date.parse(place!.lastSeen)).toBeLessThan(60_000);
  });

  it('shows a file signed with the account’s own certificate on no trust list as what it is, not Verified', async () => {
    const account = await signUpAccount(server);
    const token = account.session.access_token;
    const added = await call('account/signing-identities', { token, json: { kind: 'certificate', certificateChain: corpusText('certs/es256.chain.pem'), privateKey: corpusText('certs/es256.key.pem') } });
    expect((await readAnswer(ZSigningIdentity, added)).kind).toBe('certificate');
    const signed = await sign(token, 'own-certificate', await makeImage('jpeg', 200, 120));
    expect(signed.verification.verification.trust.tier).toBe('untrusted');

    const [asset] = (await listed(token)).assets;
    expect(asset?.assetId).toBe(signed.assetId);
    expect(asset?.status).toBe(signed.verification.verification.status);
    expect(asset?.status).not.toBe('verified');
    expect(asset?.verdict?.trust).toMatchObject({ tier: 'untrusted', label: 'Not on any trust list' });
    expect(asset?.seenElsewhere.stripped.count).toBe(0);
  });

  it('comes a page at a time, and names a bad limit or cursor', async () => {
    const account = await signUpAccount(server);
    const token = account.session.access_token;
    const image = await makeImage('jpeg', 160, 100);
    const first = await sign(token, 'one', image);
    const second = await sign(token, 'two', image);
    const page1 = await listed(token, '?limit=1');
    expect(page1.assets.map((asset) => asset.assetId)).toEqual([second.assetId]);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = await listed(token, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.assets.map((asset) => asset.assetId)).toEqual([first.assetId]);
    expect(page2.assets[0]?.verdict?.status).toBe('verified');
    expect(page2.nextCursor).toBeNull();

    const badLimit = await call('assets?limit=0', { token });
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { error: { message: string } }).error.message).toContain('limit');
    const badCursor = await call('assets?cursor=%27%3B%20drop', { token });
    expect(badCursor.status).toBe(400);
    expect(((await badCursor.json()) as { error: { message: string } }).error.message).toContain('cursor');

    // The OpenAPI document, generated from the contracts, says all of it.
    const doc = (await (await call('openapi.json')).json()) as { paths: Record<string, { get?: { parameters?: { name: string }[] } }>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    expect(doc.paths['/assets']?.get?.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['limit', 'cursor']));
    expect(Object.keys(doc.components.schemas.SignedAsset?.properties ?? {})).toEqual(expect.arrayContaining(['verdict', 'seenElsewhere']));
    expect(Object.keys(doc.components.schemas.SeenElsewhere?.properties ?? {})).toEqual(['stripped', 'tampered', 'mismatched']);
  });
});
