import { createHash } from 'node:crypto';
import { ZManifestByHashResponse, ZSignContentResponse, type TSignContentResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('GET /manifests/by-hash/{sha256} and /manifests/{manifestId}/asset', () => {
  let database: DbHandle;
  let server: TestServer;
  let original: Uint8Array;
  let signed: TSignContentResponse;
  let signedBytes: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    const account = await signUpAccount(server);
    original = await makeImage('png', 64, 48);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([original], { type: 'image/png' }), metadata: JSON.stringify({ creator: 'Ada' }) }, account.session.access_token, { name: 'a.png' });
    signed = await readAnswer(ZSignContentResponse, response);
    signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
  });
  afterAll(async () => {
    await database.close();
  });

  it('finds the manifest of a signed asset by its signed file’s hash and by its original’s, with no sign-in', async () => {
    for (const hash of [sha256(signedBytes), sha256(original), sha256(original).toUpperCase()]) {
      const answer = await readAnswer(ZManifestByHashResponse, await server.request('GET', `manifests/by-hash/${hash}`));
      expect(answer.manifestId).toBe(signed.manifestId);
    }
  });

  it('says 404 for a hash no signed asset has, and 400 for something that is not a SHA-256', async () => {
    expect((await server.request('GET', `manifests/by-hash/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await server.request('GET', 'manifests/by-hash/not-a-hash')).status).toBe(400);
  });

  it('serves the signed file it holds for a manifest inline, for the report page to show; 404 for an unknown manifest', async () => {
    const held = await server.app.request(`/api/v1/manifests/${encodeURIComponent(signed.manifestId)}/asset`);
    expect(held.status).toBe(200);
    expect(held.headers.get('content-type')).toBe('image/png');
    expect(held.headers.get('content-disposition')).toBe('inline');
    expect(new Uint8Array(await held.arrayBuffer())).toEqual(signedBytes);
    expect((await server.app.request('/api/v1/manifests/urn%3Ac2pa%3Aunknown/asset')).status).toBe(404);
  });
});
