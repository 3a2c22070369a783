// POST /verify-content with a manifestId and the assetUrl of the media shown with it (a badge's
// check): the manifest's verdict only for media that carries it or is its signed file; another
// picture is a mismatch, a tampered copy stays invalid, an unreachable one is unchecked, and the
// owner's analytics count a mismatch as one, never as a verification. The publisher is a real
// loopback server sending ETag and Last-Modified and answering conditional GETs with 304.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZAnalyticsSummary, ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import { tamperJpegPixel } from '@provenance/engine/testing';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import type { Services } from '../../services/create-services.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { sceneImage } from '../../testing/scene-image.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

/** A publisher's image server: files with validators, 304 to a matching If-None-Match, and what it sent. */
interface Publisher {
  base: string;
  files: Map<string, { bytes: Uint8Array; etag: string }>;
  /** Each request: path, status answered, body bytes sent. */
  log: { path: string; status: number; bytes: number }[];
  server: Server;
}

async function startPublisher(): Promise<Publisher> {
  const files: Publisher['files'] = new Map();
  const log: Publisher['log'] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = files.get(path);
    if (!file) {
      log.push({ path, status: 404, bytes: 0 });
      return void response.writeHead(404).end();
    }
    if (request.headers['if-none-match'] === file.etag) {
      log.push({ path, status: 304, bytes: 0 });
      return void response.writeHead(304, { etag: file.etag }).end();
    }
    log.push({ path, status: 200, bytes: file.bytes.byteLength });
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': file.bytes.byteLength, etag: file.etag, 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' }).end(file.bytes);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, files, log, server };
}

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /verify-content: a badge checks the media shown with a manifest', () => {
  let database: DbHandle;
  let server: TestServer;
  let gateway: Services;
  let closeGateway: () => Promise<void>;
  let publisher: Publisher;
  let owner: string;
  let ownerId: string;
  let signed: TSignContentResponse;
  let signedBytes: Uint8Array;

  const publish = (path: string, bytes: Uint8Array, etag = `"${hex(bytes).slice(0, 16)}"`) => {
    publisher.files.set(path, { bytes, etag });
    return `${publisher.base}${path}`;
  };
  const check = (body: Record<string, string>) => server.request('POST', 'verify-content', { body: { manifestId: signed.manifestId, ...body } });
  const storedEvent = async (id: string) => {
    await gateway.flush();
    return (await database.db.select().from(verificationEvents).where(eq(verificationEvents.id, id)))[0];
  };
  const fetchesOf = (path: string) => publisher.log.filter((entry) => entry.path === path);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, gateway, close: closeGateway } = await createGatewayTestServer(database));
    publisher = await startPublisher();
    const account = await signUpAccount(server);
    owner = account.session.access_token;
    ownerId = account.session.user.id;
    const response = await server.request('POST', 'sign-content', { token: owner, body: { assetUrl: publish('/original.jpg', await sceneImage(11)), metadata: { creator: 'Ada Reporter' } } });
    signed = await readAnswer(ZSignContentResponse, response);
    signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
  });
  afterAll(async () => {
    publisher.server.closeAllConnections();
    publisher.server.close();
    await closeGateway();
    await database.close();
  });

  it('vouches for the signed picture, fetched by URL, and then asks the publisher only whether it changed', async () => {
    const url = publish('/news/harbour.jpg', signedBytes);
    const first = await readAnswer(ZVerifyResponse, await check({ assetUrl: url }));
    expect(first.verification.status).toBe('verified');
    expect(first.mediaCheck).toMatchObject({ result: 'matches', method: 'signed-file', fetched: true });
    expect(first.mediaCheck?.thumbnailUrl).toMatch(/\/api\/v1\/assets\/[^/]+\/thumbnail$/);
    expect(await storedEvent(first.eventId!)).toMatchObject({ status: 'verified', manifestId: signed.manifestId, ownerUserId: ownerId, mediaCheck: 'matches', assetHash: hex(signedBytes) });

    // The next view: a conditional GET, answered 304, and the same verdict without the picture.
    const second = await readAnswer(ZVerifyResponse, await check({ assetUrl: url }));
    expect(second.mediaCheck).toMatchObject({ result: 'matches', method: 'signed-file', fetched: false });
    expect(fetchesOf('/news/harbour.jpg').map((entry) => entry.status)).toEqual([200, 304]);

    // The publisher swaps the picture at the same URL: its new ETag makes the gateway fetch it again.
    publish('/news/harbour.jpg', await sceneImage(777));
    const swapped = await readAnswer(ZVerifyResponse, await check({ assetUrl: url }));
    expect(swapped.mediaCheck).toMatchObject({ result: 'mismatch', fetched: true });
    expect(fetchesOf('/news/harbour.jpg').map((entry) => entry.status)).toEqual([200, 304, 200]);
  });

  it('says the credentials do not belong to a different picture, and the owner’s analytics count it as a mismatch', async () => {
    const before = await readAnswer(ZAnalyticsSummary, await server.request('GET', 'analytics/summary', { token: owner }));
    const answer = await readAnswer(ZVerifyResponse, await check({ assetUrl: publish('/news/other.jpg', await sceneImage(12345)) }));
    expect(answer.mediaCheck).toMatchObject({ result: 'mismatch', method: null, fetched: true });
    expect(answer.mediaCheck?.message).toBe('The picture carries no Content Credentials and is not the file signed with these.');
    expect(await storedEvent(answer.eventId!)).toMatchObject({ mediaCheck: 'mismatch', manifestId: signed.manifestId, ownerUserId: ownerId });
    const after = await readAnswer(ZAnalyticsSummary, await server.request('GET', 'analytics/summary', { token: owner }));
    expect(after.mediaChecks!.mismatch).toBe(before.mediaChecks!.mismatch + 1);
    expect(after.verifications.verified).toBe(before.verifications.verified);
    expect(after.verifications.total).toBe(before.verifications.total);
    // The recent events say mismatch, not the manifest's verdict; the asset's own count is unchanged.
    const recent = await readJson<{ events: { id: string; mediaCheck?: string }[] }>(await server.request('GET', 'analytics/events', { token: owner }));
    expect(recent.events.find((event) => event.id === answer.eventId)).toMatchObject({ mediaCheck: 'mismatch' });
  });

  it('keeps a tampered copy invalid, and a picture that cannot be fetched unchecked', async () => {
    const tampered = await readAnswer(ZVerifyResponse, await check({ assetUrl: publish('/news/tampered.jpg', tamperJpegPixel(signedBytes)) }));
    expect(tampered.mediaCheck).toMatchObject({ result: 'matches', method: 'embedded' });
    expect(tampered.verification.status).toBe('invalid');

    const gone = await readAnswer(ZVerifyResponse, await check({ assetUrl: `${publisher.base}/news/gone.jpg` }));
    expect(gone.mediaCheck).toMatchObject({ result: 'unchecked', method: null });
    expect(gone.mediaCheck?.message).toContain('HTTP 404');
    expect(await storedEvent(gone.eventId!)).toMatchObject({ mediaCheck: 'unchecked' });
  });

  it('vouches for the signed file stripped of its manifest, and leaves a re-encoded copy unchecked, never verified', async () => {
    const stripped = await readAnswer(ZVerifyResponse, await check({ assetUrl: publish('/news/stripped.jpg', softBinding.withoutEmbeddedManifest(signedBytes, 'image/jpeg')!) }));
    // A JPEG stripped of its manifest is its original byte for byte; other formats are found as stripped copies in the repository.
    expect(stripped.mediaCheck?.result).toBe('matches');
    expect(['original-file', 'stripped-copy']).toContain(stripped.mediaCheck?.method);
    expect(stripped.verification.status).toBe('verified');
    const reencoded = await readAnswer(ZVerifyResponse, await check({ assetUrl: publish('/news/reencoded.jpg', new Uint8Array(await sharp(signedBytes).jpeg({ quality: 70 }).toBuffer())) }));
    expect(reencoded.mediaCheck).toMatchObject({ result: 'unchecked', method: null });
    expect(reencoded.mediaCheck?.message).toContain('looks like the one signed');
  });

  it('takes the SHA-256 a badge computed of a readable picture without fetching it', async () => {
    const url = publish('/news/cors.jpg', signedBytes);
    const answer = await readAnswer(ZVerifyResponse, await check({ assetUrl: url, assetSha256: hex(signedBytes) }));
    expect(answer.mediaCheck).toMatchObject({ result: 'matches', method: 'browser-hash', fetched: false });
    expect(answer.verification.status).toBe('verified');
    expect(fetchesOf('/news/cors.jpg')).toEqual([]);
    // A hash that matches nothing signed is checked by fetching the picture, not believed.
    const other = await readAnswer(ZVerifyResponse, await check({ assetUrl: url, assetSha256: '0'.repeat(64) }));
    expect(other.mediaCheck).toMatchObject({ result: 'matches', method: 'signed-file', fetched: true });
  });

  it('fetches a picture once for the readers who open its page at the same moment', async () => {
    const url = publish('/news/popular.jpg', signedBytes);
    const answers = await Promise.all(Array.from({ length: 6 }, () => check({ assetUrl: url }).then((response) => readAnswer(ZVerifyResponse, response))));
    expect(answers.every((answer) => answer.mediaCheck?.result === 'matches' && answer.verification.status === 'verified')).toBe(true);
    expect(fetchesOf('/news/popular.jpg')).toHaveLength(1);
  });

  it('is documented in OpenAPI: the request with manifestId, assetUrl and assetSha256, and the answer\'s mediaCheck', async () => {
    const doc = await readJson<{ components: { schemas: Record<string, unknown> } }>(await server.request('GET', 'openapi.json'));
    expect(JSON.stringify(doc.components.schemas['VerifyContentRequest'])).toContain('assetSha256');
    expect(doc.components.schemas['MediaCheck']).toMatchObject({ properties: { result: { enum: ['matches', 'mismatch', 'unchecked'] } } });
  });

  it('names the field of a bad check', async () => {
    const bad = await check({ assetUrl: `${publisher.base}/x.jpg`, assetSha256: 'abc' });
    expect(bad.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(bad)).error.message).toContain('sha256');
  });
});
