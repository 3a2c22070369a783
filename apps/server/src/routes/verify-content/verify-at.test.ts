// POST /verify-content as of a declared time (`at`, in the query or the JSON body): c2pa-rs judges
// the certificates at that instant, on an engine worker of its own (the server's thread keeps its
// clock). A signature without a timestamp whose certificate has expired by then is invalid; the
// answer says when it was validated as of, that revocation was not asked, and records no event.
import path from 'node:path';
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { localPki, createPemSigner, sign } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { TestServer } from '../../testing/test-server.ts';

const DAY_MS = 86_400_000;

describe('POST /verify-content as of a declared time', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let close: () => Promise<void>;
  let signedBytes: Uint8Array;
  let notAfter: Date;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    let dataDir: string;
    ({ server, close, dataDir } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    // Issued by this gateway's own CA, so it verifies today; valid 30 days, no timestamp.
    const certificate = await localPki.issueAccountCertificate(path.join(dataDir, 'pki'), { organization: 'Archive Test News', ocspUrl: 'http://127.0.0.1:9/ocsp', validityDays: 30 });
    notAfter = certificate.notAfter;
    const signer = createPemSigner({ privateKeyPem: certificate.privateKeyPem, certificateChainPem: certificate.certificateChainPem });
    ({ signedBytes } = await sign(await makeImage('jpeg', 160, 120, 41), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer }));
  }, 60_000);
  afterAll(async () => {
    assets?.close();
    await close?.();
    await database?.close();
  });

  const upload = async (query: string): Promise<Response> =>
    uploadRequest(server, `verify-content${query}`, { file: new Blob([signedBytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) }, undefined, { name: 'archived.jpg' });

  it('judges the certificate at the declared time: valid today, expired once past its notAfter', { timeout: 60_000 }, async () => {
    const today = await readAnswer(ZVerifyResponse, await upload(''));
    expect(today.verification.status).toBe('verified');
    expect(Math.abs(Date.parse(today.verification.evidence!.validatedAt) - Date.now())).toBeLessThan(60_000);

    const later = new Date(notAfter.getTime() + 30 * DAY_MS).toISOString();
    const asOfLater: TVerifyResponse = await readAnswer(ZVerifyResponse, await upload(`?at=${encodeURIComponent(later)}`));
    expect(asOfLater.verification.status).toBe('invalid');
    expect(asOfLater.verification.reasonCode).toBe('signingCredential.expired');
    expect(asOfLater.verification.evidence).toMatchObject({ validatedAt: later });
    expect(asOfLater.verification.revocation).toMatchObject({ status: 'not_checked', reason: expect.stringContaining('not for then') });
    // A verdict as of another time is no event of the file's life.
    expect(asOfLater.eventId).toBeUndefined();

    // Not from the cache either way: today's answer again, and the JSON body's `at` for a URL.
    expect((await readAnswer(ZVerifyResponse, await upload(''))).verification.status).toBe('verified');
    const assetUrl = assets.publish('/archive/photo.jpg', signedBytes, 'image/jpeg');
    const byUrl = await readAnswer(ZVerifyResponse, await server.request('POST', 'verify-content', { body: { assetUrl, at: later } }));
    expect(byUrl.verification).toMatchObject({ status: 'invalid', reasonCode: 'signingCredential.expired', evidence: { validatedAt: later } });
    const beforeExpiry = new Date(notAfter.getTime() - DAY_MS).toISOString();
    const byUrlEarlier = await readAnswer(ZVerifyResponse, await server.request('POST', 'verify-content', { body: { assetUrl, at: beforeExpiry } }));
    expect(byUrlEarlier.verification.status).toBe('verified');
  });

  it('answers 400 naming `at` for a time it cannot take, and for a media check', async () => {
    for (const bad of ['2045-01-01', 'tomorrow', '3000-01-01T00:00:00Z']) {
      const response = await upload(`?at=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, bad).toMatch(/\bat\b/);
    }
    const media = await server.request('POST', 'verify-content', { body: { manifestId: 'urn:c2pa:00000000-0000-0000-0000-000000000000', assetUrl: 'https://example.org/a.jpg', at: '2045-01-01T00:00:00Z' } });
    expect(media.status).toBe(400);
  });
});
