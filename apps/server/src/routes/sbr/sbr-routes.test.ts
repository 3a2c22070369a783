// The Soft Binding Resolution API: shapes checked with the contract's schemas, matches by binding and
// by content from the repository, the manifest store of a match, and federation with a resolver on
// loopback when ours has no match.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZSbrMatches, ZSbrSupportedAlgorithms, ZSignContentResponse, type TSignContentResponse } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { fingerprintImage } from '../../services/manifest-repository/image-fingerprint.ts';
import { uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { sceneImage } from '../../testing/scene-image.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestFetcher, createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe('/sbr (C2PA Soft Binding Resolution API)', () => {
  let database: DbHandle;
  let server: TestServer;
  let signed: TSignContentResponse;
  let signedBytes: Uint8Array;
  let federated: Server;
  let federatedBase: string;
  const asked: string[] = [];
  let peerAnswer: unknown = { matches: [{ manifestId: 'urn:c2pa:elsewhere', similarityScore: 93 }] };

  beforeAll(async () => {
    federated = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(peerAnswer));
    });
    await new Promise<void>((resolve) => federated.listen(0, '127.0.0.1', resolve));
    federatedBase = `http://127.0.0.1:${(federated.address() as AddressInfo).port}/v1`;
    database = await openTestDatabase('pglite');
    server = await createTestServer(database, { sbrFederation: { baseUrls: [federatedBase], fetcher: createTestFetcher() } });
    const account = await signUpAccount(server);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([await sceneImage(21)], { type: 'image/jpeg' }), metadata: JSON.stringify({ creator: 'Ada' }) }, account.session.access_token, { name: 'scene.jpg' });
    expect(response.status, await response.clone().text()).toBe(201);
    signed = await readAnswer(ZSignContentResponse, response);
    signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
  });
  afterAll(async () => {
    await database.close();
    await new Promise((resolve) => federated.close(resolve));
  });

  it('lists the algorithms it matches, without signing in', async () => {
    const answer = await readAnswer(ZSbrSupportedAlgorithms, await server.request('GET', 'sbr/services/supportedAlgorithms'));
    expect(answer).toEqual({ watermarks: [], fingerprints: [{ alg: 'io.iscc.v0' }] });
  });

  it('matches the ISCC of a signed image by binding (GET and POST), nearest first', async () => {
    const value = Buffer.from((await fingerprintImage(signedBytes))!.digest).toString('base64');
    const query = new URLSearchParams({ alg: 'io.iscc.v0', value, maxResults: '5' });
    const byGet = await readAnswer(ZSbrMatches, await server.request('GET', `sbr/matches/byBinding?${query}`));
    expect(byGet.matches[0]).toMatchObject({ manifestId: signed.manifestId, similarityScore: 100, source: 'local' });
    const byPost = await readAnswer(ZSbrMatches, await server.request('POST', 'sbr/matches/byBinding?maxResults=5', { body: { alg: 'io.iscc.v0', value } }));
    expect(byPost.matches[0]?.manifestId).toBe(signed.manifestId);
  });

  it('matches content: a stripped copy by hash, a re-encoded one by fingerprint', async () => {
    const byContent = (bytes: Uint8Array) => server.app.request('/api/v1/sbr/matches/byContent?maxResults=3', { method: 'POST', body: bytes, headers: { 'content-type': 'image/jpeg' } });
    const stripped = await readAnswer(ZSbrMatches, await byContent(softBinding.withoutEmbeddedManifest(signedBytes, 'image/jpeg')!));
    expect(stripped.matches[0]).toMatchObject({ manifestId: signed.manifestId, similarityScore: 100 });
    const reencoded = await readAnswer(ZSbrMatches, await byContent(new Uint8Array(await sharp(signedBytes).resize({ width: 160 }).jpeg({ quality: 60 }).toBuffer())));
    expect(reencoded.matches[0]?.manifestId).toBe(signed.manifestId);
    expect(reencoded.matches[0]!.similarityScore).toBeGreaterThanOrEqual(87);
  });

  it('serves the manifest store of a match as application/c2pa', async () => {
    const response = await server.request('GET', `sbr/manifests/${encodeURIComponent(signed.manifestId)}?returnActiveManifest=true`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/c2pa');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    expect((await server.request('GET', 'sbr/manifests/urn%3Ac2pa%3Anone')).status).toBe(404);
  });

  it('asks a federated resolver only when it has no match, and labels its answers with their source', async () => {
    const before = asked.length;
    const unknown = Buffer.from('0123456789abcdef', 'hex').toString('base64');
    // A digest no image here is near: ours has nothing, so the loopback resolver is asked.
    const answer = await readAnswer(ZSbrMatches, await server.request('GET', `sbr/matches/byBinding?${new URLSearchParams({ alg: 'io.iscc.v0', value: unknown })}`));
    expect(answer.matches).toEqual([{ manifestId: 'urn:c2pa:elsewhere', similarityScore: 93, endpoint: federatedBase, source: federatedBase }]);
    expect(asked.slice(before)).toEqual([`/v1/matches/byBinding?alg=io.iscc.v0&value=${encodeURIComponent(unknown)}&maxResults=10`]);
    const value = Buffer.from((await fingerprintImage(signedBytes))!.digest).toString('base64');
    await server.request('GET', `sbr/matches/byBinding?${new URLSearchParams({ alg: 'io.iscc.v0', value })}`);
    expect(asked.length).toBe(before + 1);
  });

  it('drops federated matches that fail the contract: a script endpoint, markup in an ID', async () => {
    peerAnswer = {
      matches: [
        { manifestId: '<img src=x onerror=alert(1)>', similarityScore: 99 },
        { manifestId: 'urn:c2pa:scripted', similarityScore: 98, endpoint: 'javascript:alert(document.cookie)' },
        { manifestId: 'urn:c2pa:data', endpoint: 'data:text/html,<script>alert(1)</script>' },
        { manifestId: 'urn:c2pa:quoted" onmouseover="alert(1)', similarityScore: 97 },
        { manifestId: 'urn:c2pa:kept:acme_1.0', similarityScore: 96, endpoint: 'https://resolver.example/v1' },
        { manifestId: 'urn:uuid:0b0e6c4c-0d4b-4f39-9c86-0b6c5f7f0a11', similarityScore: 95 },
        { manifestId: 'urn:c2pa:scored-too-high', similarityScore: 1000 },
        'not a match',
      ],
    };
    try {
      const unknown = Buffer.from('fedcba9876543210', 'hex').toString('base64');
      const answer = await readAnswer(ZSbrMatches, await server.request('GET', `sbr/matches/byBinding?${new URLSearchParams({ alg: 'io.iscc.v0', value: unknown })}`));
      expect(answer.matches).toEqual([
        { manifestId: 'urn:c2pa:kept:acme_1.0', similarityScore: 96, endpoint: 'https://resolver.example/v1', source: federatedBase },
        { manifestId: 'urn:uuid:0b0e6c4c-0d4b-4f39-9c86-0b6c5f7f0a11', similarityScore: 95, endpoint: federatedBase, source: federatedBase },
      ]);
    } finally {
      peerAnswer = { matches: [{ manifestId: 'urn:c2pa:elsewhere', similarityScore: 93 }] };
    }
  });

  it('refuses a value that is not base64', async () => {
    expect((await server.request('GET', 'sbr/matches/byBinding?alg=io.iscc.v0&value=%24%24%24')).status).toBe(400);
  });
});
