// POST /verify-content?format=crjson answers c2pa-rs's crJSON report of the file, made under the
// gateway's trust lists, the same as the engine's crJSON of those bytes; a file without Content
// Credentials has none (422 no_manifest_store), and nothing is recorded as an event.
import { crJsonReport } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { TestServer } from '../../testing/test-server.ts';

describe('POST /verify-content?format=crjson', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database));
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await database?.close();
  });

  const upload = (bytes: Uint8Array, query: string) => uploadRequest(server, `verify-content${query}`, { file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) }, undefined, { name: 'photo.jpg' });

  it("answers c2pa-rs's crJSON of a signed file under the gateway's lists; none for a file without credentials", { timeout: 60_000 }, async () => {
    const engine = server.services.engine;
    const { signedBytes } = await engine.sign(await makeImage('jpeg', 120, 90, 81), 'image/jpeg', { creator: 'Ada', aiAssisted: false });
    const response = await upload(signedBytes, '?format=crjson');
    expect(response.status).toBe(200);
    const crJson = (await response.json()) as { '@context'?: unknown; manifests?: unknown[] };
    expect(crJson['@context']).toBeDefined();
    expect(crJson.manifests).toHaveLength(1);
    // The same report but for when each was made (crJSON's validationTime).
    const untimed = (text: string): unknown => JSON.parse(text.replace(/"validationTime":\s*"[^"]*"/g, '"validationTime":""'));
    expect(untimed(JSON.stringify(crJson))).toEqual(untimed((await crJsonReport(signedBytes, 'image/jpeg', { trust: engine.trust }))!));
    expect(JSON.stringify(crJson)).toContain('signingCredential.trusted');

    const unsigned = await upload(await makeImage('jpeg', 64, 48, 82), '?format=crjson');
    expect(unsigned.status).toBe(422);
    expect(((await unsigned.json()) as { error: { code: string } }).error.code).toBe('no_manifest_store');
    expect((await upload(signedBytes, '?format=pdf')).status).toBe(400);
  });
});
