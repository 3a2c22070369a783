import type { TVerifyResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { Services } from '../../services/create-services.ts';
import { readJson, type TestServer } from '../../testing/test-server.ts';

describe('verification under load: engine workers, back-pressure and the cache', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let gateway: Services;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close, gateway } = await createGatewayTestServer(database, { workers: 1, maxQueue: 1 }));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  it('answers 503 with Retry-After when the engine is saturated, and keeps serving afterwards', async () => {
    const images = await Promise.all(Array.from({ length: 6 }, (_, index) => makeImage('png', 900, 700, index + 1)));
    const responses = await Promise.all(images.map((image, index) => uploadRequest(server, 'verify-content', { file: new Blob([image]) }, undefined, { name: `load-${index}.png` })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const busy = responses.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers.get('retry-after')).toBe('1');
    expect((await readJson<{ error: { code: string } }>(busy[0]!)).error.code).toBe('engine_busy');
    const after = await uploadRequest(server, 'verify-content', { file: new Blob([images[0]!]) }, undefined, { name: 'after.png' });
    expect(after.status).toBe(200);
  });

  it('verifies the same bytes once, and still records every call', async () => {
    const image = await makeImage('jpeg', 300, 200, 99);
    const engineVerify = gateway.engine.verify;
    let engineCalls = 0;
    Object.assign(gateway.engine, {
      verify: (...args: Parameters<typeof engineVerify>) => {
        engineCalls += 1;
        return engineVerify(...args);
      },
    });
    await gateway.flush();
    const before = (await database.db.select().from(verificationEvents)).length;
    const results: TVerifyResponse[] = [];
    for (let index = 0; index < 3; index += 1) {
      results.push(await readJson<TVerifyResponse>(await uploadRequest(server, 'verify-content', { file: new Blob([image]) }, undefined, { name: 'same.jpg' })));
    }
    expect(new Set(results.map((result) => result.eventId)).size).toBe(3);
    expect(results.every((result) => result.verification.status === 'unsigned')).toBe(true);
    await gateway.flush();
    expect((await database.db.select().from(verificationEvents)).length - before).toBe(3);
    expect(engineCalls).toBe(1);
  });
});
