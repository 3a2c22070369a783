// A verify item run twice (the queue hands it out again when its copy is taken for dead, or after a
// crash between its verification and its finishing transaction) records one verification event: the
// analytics row of the item, under an ID derived from job and item. Over real HTTP and the real
// queue: the job posted to the API listening on loopback, the item's message queued a second time
// while the first run is still fetching a slow loopback file, two workers running it at once.
import { serve, type ServerType } from '@hono/node-server';
import { ZJob } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { eq } from 'drizzle-orm';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { JOB_ITEMS_QUEUE, type JobItemMessage } from './job-item-worker.ts';
import { jobItemEventId } from './job-item-runner.ts';

describe.each(testDatabaseKinds())('a verify item run twice on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let api: ServerType;
  let base: string;
  let assets: Server;
  let assetsBase: string;
  let fetched = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // Three workers: an account may run two items at once, so both runs of the item go together.
    server = await createTestServer(database, { jobs: { concurrency: 3 } });
    api = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await once(api, 'listening');
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1`;
    const photo = await makeImage('png', 64, 48);
    // The file arrives in ten slices over 2.5 s: long enough for the second run to start meanwhile.
    assets = createServer((_request, response) => {
      fetched += 1;
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.byteLength });
      const slice = Math.ceil(photo.byteLength / 10);
      let sent = 0;
      const timer = setInterval(() => {
        response.write(photo.subarray(sent, sent + slice));
        sent += slice;
        if (sent >= photo.byteLength) {
          clearInterval(timer);
          response.end();
        }
      }, 250);
      response.on('close', () => clearInterval(timer));
    });
    assets.listen(0, '127.0.0.1');
    await once(assets, 'listening');
    assetsBase = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    assets?.closeAllConnections();
    assets?.close();
    api?.close();
    await server?.close();
    await database?.close();
  });

  it('records one verification event for the item and completes the job once', async () => {
    const account = await signUpAccount(server);
    const token = account.session.access_token;
    const created = await fetch(`${base}/jobs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'verify', items: [{ assetUrl: `${assetsBase}/slow.png` }] }) });
    expect(created.status).toBe(202);
    const { id } = (await created.json()) as { id: string };
    // The item handed out again while its first run is still going.
    await server.services.queue.insert<JobItemMessage>(JOB_ITEMS_QUEUE, [{ data: { jobId: id, index: 0 } }]);

    const deadline = Date.now() + 20_000;
    let job = ZJob.parse(await (await fetch(`${base}/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json());
    while (job.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = ZJob.parse(await (await fetch(`${base}/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json());
    }
    expect(job).toMatchObject({ status: 'completed', total: 1, done: 1, failed: 0 });
    // Both runs happened, one after the other's start.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(fetched).toBe(2);

    await server.services.flush();
    const events = await database.db.select({ id: verificationEvents.id }).from(verificationEvents).where(eq(verificationEvents.callerUserId, account.session.user.id));
    expect(events).toEqual([{ id: jobItemEventId(id, 0) }]);
  }, 40_000);
});
