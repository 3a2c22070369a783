// Recovery of stripped copies: a file without credentials is matched in the manifest repository by
// exact hash (the signed file with its manifest removed) or by ISCC fingerprint (re-encoded), keeps
// its own 'unsigned' verdict and gains `recovery`; unrelated and tampered files gain nothing.
import { ZAnalyticsSummary, ZSignContentResponse, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { tamperJpegPixel } from '@provenance/engine/testing';
import { softBinding } from '@provenance/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { sceneImage } from '../../testing/scene-image.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe('recovery in verification', () => {
  let database: DbHandle;
  let server: TestServer;
  let signed: TSignContentResponse;
  let signedBytes: Uint8Array;
  let token: string;

  const verifyFile = async (bytes: Uint8Array) => readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([bytes]) }, undefined, { name: 'copy.jpg' }));

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    const account = await signUpAccount(server);
    token = account.session.access_token;
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([await sceneImage(11)], { type: 'image/jpeg' }), metadata: JSON.stringify({ creator: 'Ada' }) }, account.session.access_token, { name: 'scene.jpg' });
    signed = await readAnswer(ZSignContentResponse, response);
    signedBytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());
  });
  afterAll(async () => {
    await database.close();
  });

  it('finds a copy stripped of its manifest by exact hash, and keeps the file unsigned', async () => {
    const stripped = softBinding.withoutEmbeddedManifest(signedBytes, 'image/jpeg')!;
    const answer = await verifyFile(stripped);
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery).toMatchObject({ manifestId: signed.manifestId, method: 'exact-hash', similarity: 100 });
    expect(answer.recovery?.manifestUrl).toContain(`/api/v1/sbr/manifests/${encodeURIComponent(signed.manifestId)}`);
    expect(['verified', 'partial']).toContain(answer.recovery?.verification.status);
  });

  it('finds a copy re-encoded at quality 70 by its ISCC fingerprint, with a similarity', async () => {
    const reencoded = new Uint8Array(await sharp(signedBytes).jpeg({ quality: 70 }).toBuffer());
    // As a badge on another site asks: the file itself, cross-origin.
    const response = await server.app.request('/api/v1/verify-content', { method: 'POST', body: reencoded, headers: { 'content-type': 'image/jpeg', origin: 'https://news.example' } });
    const answer = await readAnswer(ZVerifyResponse, response);
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery).toMatchObject({ manifestId: signed.manifestId, method: 'fingerprint' });
    expect(answer.recovery!.similarity).toBeGreaterThanOrEqual(88);
    expect(answer.recovery!.similarity).toBeLessThanOrEqual(100);
  });

  it('finds nothing for an unrelated image', async () => {
    const answer = await verifyFile(await sceneImage(12345));
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery ?? null).toBeNull();
  });

  it('leaves a tampered signed file invalid, without recovery', async () => {
    const answer = await verifyFile(tamperJpegPixel(signedBytes));
    expect(answer.verification.status).toBe('invalid');
    expect(answer.recovery ?? null).toBeNull();
  });

  it("counts the account's stripped copies by method and referring site in its analytics", async () => {
    const summary = await readAnswer(ZAnalyticsSummary, await server.request('GET', 'analytics/summary', { token }));
    expect(summary.stripped).toEqual({ count: 2, byMethod: { 'exact-hash': 1, fingerprint: 1 }, topReferrers: [{ referrer: 'https://news.example', count: 1 }] });
  });
});
