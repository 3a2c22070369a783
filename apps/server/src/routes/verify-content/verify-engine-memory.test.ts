// An upload c2pa-wasm reads whole (an unsigned JPEG) grows its engine worker's WebAssembly memory,
// which never shrinks: past the bound, the worker is replaced, and verifications go on being answered
// by the fresh one, which starts small. (The bound is 16 MB here: uploads are 8 MB at most in tests.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import type { Services } from '../../services/create-services.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { TestServer } from '../../testing/test-server.ts';

const MB = 1024 * 1024;
const BOUND = 16 * MB;

describe('POST /verify-content: an engine worker grown by a large upload is replaced', () => {
  let database: DbHandle;
  let server: TestServer;
  let gateway: Services;
  let close: () => Promise<void>;
  let signed: Uint8Array;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, gateway, close } = await createGatewayTestServer(database, { workers: 1, maxWorkerMemoryBytes: BOUND, verifyCacheEntries: 0 }));
    const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-engine-memory-')), 'pki'));
    signed = (await sign(await makeImage('jpeg', 320, 240), 'image/jpeg', { creator: 'Ada Reporter' }, { signer: createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }) })).signedBytes;
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  const verify = async (bytes: Uint8Array) =>
    readAnswer(ZVerifyResponse, await server.app.request('/api/v1/verify-content', { method: 'POST', body: bytes, headers: { 'content-type': 'image/jpeg', 'content-length': String(bytes.byteLength) } }));

  it('answers an unsigned 7 MB JPEG, then answers on a fresh worker whose memory is under the bound', async () => {
    const large = new Uint8Array(7 * MB);
    large.set(await makeImage('jpeg', 640, 480, 3));
    expect((await verify(large)).verification.status).toBe('unsigned');

    // Its worker, grown past the bound, answers until its successor has started (a liveness bound, not a measure).
    for (let waited = 0; gateway.engine.workers()!.replaced === 0 && waited < 30_000; waited += 100) {
      expect((await verify(signed)).verification.status).toBe('partial');
      await new Promise((later) => setTimeout(later, 100));
    }
    expect(gateway.engine.workers()!.replaced).toBe(1);
    expect((await verify(signed)).verification.credentials.creator).toBe('Ada Reporter');
    expect(gateway.engine.workers()!.wasmMemoryBytes[0]).toBeLessThan(BOUND);
  });
});
