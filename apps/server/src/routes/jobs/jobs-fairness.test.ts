import { serve, type ServerType } from '@hono/node-server';
import { makeImage } from '@provenance/engine/testing';
import { ZJob, type TJob } from '@provenance/contracts';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

// Accounts share the job workers: one account's slow items or its flood of items do not hold up
// another account's job, and an account may have only so many items waiting; and hostile input is
// a 400 naming its field. Over real HTTP: the API listening on loopback, the items fetched from a
// loopback server that trickles the slow ones.

const MAX_QUEUED_ITEMS = 4;

describe.each(testDatabaseKinds())('POST /jobs over HTTP, accounts sharing the workers, on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let api: ServerType;
  let base: string;
  let assets: Server;
  let assetsBase: string;
  /** Paths asked of the asset server, in order. */
  const asked: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { jobs: { concurrency: 2, maxQueuedItems: MAX_QUEUED_ITEMS } });
    api = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await once(api, 'listening');
    base = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1`;
    const photo = await makeImage('jpeg', 160, 120);
    assets = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      asked.push(path);
      if (path.startsWith('/slow/')) {
        // A byte every 300 ms of a large file: never idle long enough to be cut off, never done.
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 1_000_000 });
        const timer = setInterval(() => response.write(Buffer.alloc(1)), 300);
        response.on('close', () => clearInterval(timer));
        return;
      }
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.byteLength }).end(photo);
    });
    assets.listen(0, '127.0.0.1');
    await once(assets, 'listening');
    assetsBase = `http://127.0.0.1:${(assets.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    // Cut the trickles so the slow items end (failed) and the queue stops at once.
    assets?.closeAllConnections();
    assets?.close();
    api?.close();
    await server?.close();
    await database?.close();
  });

  const postJob = (token: string, urls: string[]) =>
    fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'verify', items: urls.map((assetUrl) => ({ assetUrl })) }),
    });
  const progress = async (token: string, id: string): Promise<TJob> => ZJob.parse(await (await fetch(`${base}/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json());

  it("runs another account's one-item job promptly while an account's slow items are running", async () => {
    const slow = (await signUpAccount(server)).session.access_token;
    const other = (await signUpAccount(server)).session.access_token;
    const first = await postJob(slow, [`${assetsBase}/slow/1.jpg`, `${assetsBase}/slow/2.jpg`]);
    expect(first.status).toBe(202);
    // The slow account's items are taken by the workers (both of them, before the fix) and trickle on.
    const deadline = Date.now() + 10_000;
    while (!asked.some((path) => path.startsWith('/slow/')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const posted = Date.now();
    const second = await postJob(other, [`${assetsBase}/quick.jpg`]);
    expect(second.status).toBe(202);
    const { id } = (await second.json()) as { id: string };
    // A generous liveness bound: the slow items trickle for a minute (the download's time limit).
    let job = await progress(other, id);
    while (job.status !== 'completed' && job.status !== 'failed' && Date.now() - posted < 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await progress(other, id);
    }
    expect(job).toMatchObject({ status: 'completed', done: 1, failed: 0 });
    // The slow account ran one item at a time, leaving a worker to the other account.
    expect(asked.filter((path) => path.startsWith('/slow/'))).toHaveLength(1);
  }, 30_000);

  it('refuses a job that would take an account past its items waiting, naming the limit, and takes one that fits', async () => {
    const account = (await signUpAccount(server)).session.access_token;
    expect((await postJob(account, [1, 2, 3].map((n) => `${assetsBase}/slow/bound-${n}.jpg`))).status).toBe(202);
    const refused = await postJob(account, [4, 5].map((n) => `${assetsBase}/slow/bound-${n}.jpg`));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      error: { code: 'job_queue_full', message: `An account may have at most ${MAX_QUEUED_ITEMS} job items waiting; 3 are, and this job adds 2: wait for some to finish` },
    });
    expect((await postJob(account, [`${assetsBase}/slow/bound-4.jpg`])).status).toBe(202);
    // Another account is not held to this one's count.
    const other = (await signUpAccount(server)).session.access_token;
    expect((await postJob(other, [`${assetsBase}/quick.jpg`])).status).toBe(202);
  }, 30_000);

  it('refuses a NUL in an item URL with a 400 naming the item and field, as JSON and as NDJSON', async () => {
    const account = (await signUpAccount(server)).session.access_token;
    const json = await postJob(account, [`${assetsBase}/quick.jpg`, `${assetsBase}/a\u0000b.jpg`]);
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: { code: 'validation_error', message: 'items.1: assetUrl must not contain NUL characters' } });
    const ndjson = await fetch(`${base}/jobs?type=verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account}`, 'content-type': 'application/x-ndjson' },
      body: `${JSON.stringify({ assetUrl: `${assetsBase}/a\u0000b.jpg` })}\n`,
    });
    expect(ndjson.status).toBe(400);
    expect(await ndjson.json()).toEqual({ error: { code: 'validation_error', message: 'line 1: assetUrl must not contain NUL characters' } });
  });
});
