// Redaction when re-signing through the API: a newsroom re-signs a source's photo, whose credentials
// say where it was taken, with redact: ['location']. The answer's report says what was removed, the
// stored file's parent manifest no longer holds the place, and c2pa-rs still validates it.
import { ZSignContentResponse, ZVerifyResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, uploadRequest, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

describe('POST /sign-content with redact', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
    token = (await signUpAccount(server)).session.access_token;
  }, 60_000);
  afterAll(async () => {
    assets?.close();
    await close?.();
    await database?.close();
  });

  const download = async (url: string) => new Uint8Array(await (await server.app.request(new URL(url).pathname)).arrayBuffer());

  it("removes the source's location from its credentials, says so in the report, and the file verifies", async () => {
    const source = await readAnswer(
      ZSignContentResponse,
      await server.request('POST', 'sign-content', {
        token,
        body: { assetUrl: assets.publish('/source/photo.jpg', await makeImage('jpeg', 160, 120, 51), 'image/jpeg'), metadata: { creator: 'Field Reporter', capturedWithCamera: true, location: { latitude: 50.4501, longitude: 30.5234, accuracy: 8 } } },
      }),
    );
    const sourceBytes = await download(source.signedAssetUrl);
    expect(Buffer.from(sourceBytes).includes('50.4501')).toBe(true);

    const republished = assets.publish('/desk/photo.jpg', sourceBytes, 'image/jpeg');
    const resigned = await readAnswer(ZSignContentResponse, await server.request('POST', 'sign-content', { token, body: { assetUrl: republished, metadata: { creator: 'Desk Editor' }, redact: ['location'] } }));
    expect(resigned.verification.verification.status).toBe('verified');
    expect(resigned.verification.report.activeManifest?.redactions).toEqual([{ manifest: source.manifestId, assertion: 'c2pa.metadata' }]);
    expect(resigned.warnings).toEqual([]);
    const resignedBytes = await download(resigned.signedAssetUrl);
    expect(Buffer.from(resignedBytes).includes('50.4501')).toBe(false);

    // The stored file verifies the same for anyone, and its report still names the redaction.
    const again = await readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([resignedBytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) }, undefined, { name: 'desk.jpg' }));
    expect(again.verification.status).toBe('verified');
    expect(again.report.activeManifest?.redactions).toEqual([{ manifest: source.manifestId, assertion: 'c2pa.metadata' }]);

    // An upload takes the same, comma-separated; a file with nothing to redact is signed with a warning.
    const fresh = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 64, 48, 52)], { type: 'image/jpeg' }), metadata: JSON.stringify({ creator: 'Desk Editor' }), redact: 'location,exif' }, token, { name: 'fresh.jpg' });
    const freshAnswer = await readAnswer(ZSignContentResponse, fresh);
    expect(freshAnswer.warnings).toEqual([expect.stringContaining('Nothing was redacted')]);
  }, 60_000);

  it('answers 400 naming redact for a kind it does not know', async () => {
    const response = await server.request('POST', 'sign-content', { token, body: { assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'A' }, redact: ['faces'] } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/redact/);
    const upload = await uploadRequest(server, 'sign-content', { file: new Blob([await makeImage('jpeg', 32, 32, 53)], { type: 'image/jpeg' }), metadata: JSON.stringify({ creator: 'A' }), redact: 'faces' }, token, { name: 'x.jpg' });
    expect(upload.status).toBe(400);
  });
});
