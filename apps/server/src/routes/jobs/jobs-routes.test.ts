import { makeImage } from '@provenance/engine/testing';
import { MAX_JOB_ITEMS, ZJob, ZJobItemResult, ZSignContentResponse, ZVerifyResponse, type TJob, type TJobItemResult } from '@provenance/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import type { AccountEvent } from '../../services/account-events/account-events.ts';
import { UNQUEUED_JOBS_QUEUE } from '../../services/jobs/job-item-worker.ts';
import { createJobStore } from '../../services/jobs/job-store.ts';
import { serveLoopbackFiles, type LoopbackFiles } from '../../testing/loopback-files.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';

// Batch jobs end to end through the API: items fetched from a loopback server, run on the work
// queue (pg-boss on the test database), read back as progress and NDJSON results.

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function ndjsonLines(text: string): TJobItemResult[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => ZJobItemResult.parse(JSON.parse(line)));
}

describe.each(testDatabaseKinds())('batch jobs on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let files: LoopbackFiles;
  let token: string;
  const completedEvents: AccountEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { jobs: { retryDelaySeconds: 1, maxAttempts: 2, concurrency: 2 } });
    server.services.accountEvents.on(async (event) => {
      if (event.type === 'job.completed') completedEvents.push(event);
    });
    token = (await signUpAccount(server)).session.access_token;
    // A file the gateway signed, fetched back from its store, stands for a signed asset on the web.
    const form = new FormData();
    form.append('file', new Blob([await makeImage('jpeg', 320, 240)]), 'photo.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    const signed = await server.app.request('/api/v1/sign-content', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(signed.status).toBe(201);
    const signedBytes = await server.services.store.get(((await signed.json()) as { assetId: string }).assetId, 'signed');
    const plain = await makeImage('jpeg', 300, 200);
    const photos = new Map<string, Uint8Array>([
      ['/signed.jpg', signedBytes!],
      ['/plain.jpg', plain],
      ['/plain-2.jpg', await makeImage('png', 200, 160)],
    ]);
    files = await serveLoopbackFiles((path, hit) => {
      // A server that fails once then answers, and one that keeps failing.
      if (path === '/flaky.jpg') return hit === 1 ? { status: 503 } : { bytes: plain, type: 'image/jpeg' };
      if (path === '/down.jpg') return { status: 503 };
      return photos.has(path) ? { bytes: photos.get(path)!, type: path.endsWith('.png') ? 'image/png' : 'image/jpeg' } : undefined;
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await files?.close();
    await database?.close();
  });

  const progress = async (id: string, as = token) => {
    const response = await server.request('GET', `jobs/${id}`, { token: as });
    expect(response.status).toBe(200);
    return ZJob.parse(await response.json());
  };
  const completed = (id: string, as = token) => until(() => progress(id, as), (job: TJob) => job.status === 'completed' || job.status === 'failed');

  it('runs a verify job: a signed image and an unsigned one are done, a URL that 404s fails with its reason', async () => {
    const created = await server.request('POST', 'jobs', {
      token,
      body: { type: 'verify', items: [{ assetUrl: `${files.baseUrl}/signed.jpg` }, { assetUrl: `${files.baseUrl}/plain.jpg` }, { assetUrl: `${files.baseUrl}/missing.jpg` }] },
    });
    expect(created.status).toBe(202);
    const accepted = await readJson<{ id: string; status: string }>(created);
    expect(accepted.status).toBe('queued');

    const job = await completed(accepted.id);
    expect(job).toMatchObject({ id: accepted.id, type: 'verify', status: 'completed', total: 3, done: 2, failed: 1 });
    expect(job.completedAt).not.toBeNull();
    // A 404 says the URL is wrong: not tried again.
    expect(files.hits.get('/missing.jpg')).toBe(1);

    const results = await server.request('GET', `jobs/${accepted.id}/results`, { token });
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = ndjsonLines(await results.text());
    expect(lines.map((line) => [line.index, line.status])).toEqual([
      [0, 'done'],
      [1, 'done'],
      [2, 'failed'],
    ]);
    expect(ZVerifyResponse.parse(lines[0]!.result).verification.status).toBe('verified');
    expect(ZVerifyResponse.parse(lines[1]!.result).verification.status).toBe('unsigned');
    expect(lines[2]!.error).toEqual({ code: 'fetch_status', message: expect.stringContaining('404') });
    expect(lines[2]!.assetUrl).toBe(`${files.baseUrl}/missing.jpg`);

    // Announced once, to its account.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(completedEvents.filter((event) => event.data.id === accepted.id)).toHaveLength(1);
    expect(completedEvents.find((event) => event.data.id === accepted.id)?.data).toMatchObject({ status: 'completed', total: 3, done: 2, failed: 1 });

    // The dashboard's list: newest first.
    const list = await readJson<{ jobs: TJob[] }>(await server.request('GET', 'jobs', { token }));
    expect(list.jobs[0]).toMatchObject({ id: accepted.id, status: 'completed', done: 2, failed: 1 });
  }, 90_000);

  it('retries an item whose server failed with backoff: done once it answers, failed with its reason after the last attempt', async () => {
    const created = await server.request('POST', 'jobs', { token, body: { type: 'verify', items: [{ assetUrl: `${files.baseUrl}/flaky.jpg` }, { assetUrl: `${files.baseUrl}/down.jpg` }] } });
    const { id } = await readJson<{ id: string }>(created);
    expect(await completed(id)).toMatchObject({ status: 'completed', done: 1, failed: 1 });
    // maxAttempts is 2 in this suite: the flaky server answered the second request, the down one never.
    expect([files.hits.get('/flaky.jpg'), files.hits.get('/down.jpg')]).toEqual([2, 2]);
    const lines = ndjsonLines(await (await server.request('GET', `jobs/${id}/results`, { token })).text());
    expect(ZVerifyResponse.parse(lines[0]!.result).verification.status).toBe('unsigned');
    expect(lines[1]).toMatchObject({ status: 'failed', error: { code: 'fetch_status', message: expect.stringContaining('503') } });
  }, 90_000);

  it('runs a sign job sent as NDJSON: each item signed once for the account, its results carrying the links', async () => {
    const account = await signUpAccount(server);
    const lines = [
      JSON.stringify({ assetUrl: `${files.baseUrl}/plain.jpg`, metadata: { creator: 'Ada Reporter', title: 'Harbour' } }),
      JSON.stringify({ assetUrl: `${files.baseUrl}/plain-2.jpg`, metadata: { creator: 'Ada Reporter' } }),
    ];
    const created = await server.request('POST', 'jobs?type=sign', { token: account.session.access_token, body: `${lines.join('\n')}\n`, headers: { 'content-type': 'application/x-ndjson' } });
    expect(created.status).toBe(202);
    const { id } = await readJson<{ id: string }>(created);
    expect(await completed(id, account.session.access_token)).toMatchObject({ status: 'completed', type: 'sign', total: 2, done: 2, failed: 0 });

    const results = ndjsonLines(await (await server.request('GET', `jobs/${id}/results`, { token: account.session.access_token })).text());
    expect(results).toHaveLength(2);
    const signed = results.map((line) => ZSignContentResponse.parse(line.result));
    expect(signed[0]!.signedAssetUrl).toBe(`http://localhost:8080/api/v1/assets/${signed[0]!.assetId}`);
    expect(signed.map((answer) => answer.verification.verification.status)).toEqual(['verified', 'verified']);
    expect(new Set(signed.map((answer) => answer.assetId)).size).toBe(2);
    expect(await server.services.signedAssets.countForUser(account.session.user.id)).toBe(2);
  }, 90_000);

  it('refuses a job it cannot take, naming the item or line, and stores nothing', async () => {
    const account = await signUpAccount(server);
    const as = account.session.access_token;
    const tooMany = Array.from({ length: MAX_JOB_ITEMS + 1 }, (_, index) => ({ assetUrl: `http://127.0.0.1:1/${index}.jpg` }));
    const big = await server.request('POST', 'jobs', { token: as, body: { type: 'verify', items: tooMany } });
    expect(big.status).toBe(400);
    expect((await readJson<{ error: { message: string } }>(big)).error.message).toMatch(/at most 10000 items/);

    const ndjson = (body: string, query = '?type=verify') => server.request('POST', `jobs${query}`, { token: as, body, headers: { 'content-type': 'application/x-ndjson' } });
    const badJson = await ndjson('{"assetUrl":"https://example.org/a.jpg"}\n{"assetUrl":"https://example.org/b.jpg"}\n{"assetUrl": nope}\n');
    expect(badJson.status).toBe(400);
    expect(await readJson(badJson)).toEqual({ error: { code: 'validation_error', message: 'line 3: not valid JSON' } });
    const badUrl = await ndjson('{"assetUrl":"https://example.org/a.jpg"}\n\n{"assetUrl":"ftp:/x"}\n');
    expect((await readJson<{ error: { message: string } }>(badUrl)).error.message).toMatch(/^line 3: assetUrl must be an http or https URL/);
    const noType = await ndjson('{"assetUrl":"https://example.org/a.jpg"}\n', '');
    expect(noType.status).toBe(400);
    const signWithoutMetadata = await server.request('POST', 'jobs', { token: as, body: { type: 'sign', items: [{ assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'A' } }, { assetUrl: 'https://example.org/b.jpg' }] } });
    expect(await readJson(signWithoutMetadata)).toEqual({ error: { code: 'validation_error', message: 'items.1.metadata is required for a sign job' } });
    const tooManyLines = await ndjson(`${tooMany.map((item) => JSON.stringify(item)).join('\n')}\n`);
    expect((await readJson<{ error: { message: string } }>(tooManyLines)).error.message).toBe('line 10001: a job holds at most 10000 items');
    expect((await server.request('POST', 'jobs', { token: as, body: { type: 'verify', items: [] } })).status).toBe(400);
    const badItem = await server.request('POST', 'jobs', { token: as, body: { type: 'verify', items: [{ assetUrl: 'https://example.org/a.jpg' }, { assetUrl: 'not a url' }] } });
    expect(await readJson(badItem)).toEqual({ error: { code: 'validation_error', message: 'items.1: assetUrl must be an http or https URL' } });
    expect((await server.request('POST', 'jobs', { body: { type: 'verify', items: [{ assetUrl: 'https://example.org/a.jpg' }] } })).status).toBe(401);

    expect(await readJson(await server.request('GET', 'jobs', { token: as }))).toEqual({ jobs: [] });
  }, 60_000);

  it('queues the items of a job a crash left stored but unqueued, on the next requeue pass', async () => {
    const account = await signUpAccount(server);
    // As a copy that died between storing the job and queueing its items would leave it, two minutes ago.
    const stored = createJobStore(database.db, () => new Date(Date.now() - 120_000));
    await stored.create({ id: randomUUID(), userId: account.session.user.id, type: 'verify' }, [{ assetUrl: `${files.baseUrl}/plain.jpg` }, { assetUrl: `${files.baseUrl}/plain-2.jpg` }]);
    const [job] = (await readJson<{ jobs: TJob[] }>(await server.request('GET', 'jobs', { token: account.session.access_token }))).jobs;
    expect(job).toMatchObject({ status: 'queued', total: 2, done: 0 });
    // The pass pg-boss fires every minute, sent at once here.
    await server.services.queue.send(UNQUEUED_JOBS_QUEUE, {});
    expect(await completed(job!.id, account.session.access_token)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
  }, 60_000);

  it('announces job.completed, once, for a job whose last item a crash finished without announcing it', async () => {
    const account = await signUpAccount(server);
    // As a copy that died right after the transaction finishing the job's last item, two minutes ago.
    const stored = createJobStore(database.db, () => new Date(Date.now() - 120_000));
    const jobId = randomUUID();
    await stored.create({ id: jobId, userId: account.session.user.id, type: 'verify' }, [{ assetUrl: `${files.baseUrl}/plain.jpg` }]);
    await stored.markEnqueued(jobId);
    expect((await stored.finish(jobId, 0, { status: 'done', result: '{}' }))?.completed).toBe(true);
    const announced = () => completedEvents.filter((event) => event.data.id === jobId);
    expect(announced()).toHaveLength(0);

    // The pass pg-boss fires every minute, sent at once here, twice: the second finds nothing to do.
    const boss = await server.services.queue.boss();
    for (let pass = 0; pass < 2; pass += 1) {
      const id = await server.services.queue.send(UNQUEUED_JOBS_QUEUE, {});
      await until(async () => (await boss.getJobById(UNQUEUED_JOBS_QUEUE, id!))?.state, (state) => state === 'completed');
    }
    expect(announced()).toHaveLength(1);
    expect(announced()[0]).toMatchObject({ accountId: account.session.user.id, data: { id: jobId, status: 'completed', total: 1, done: 1, failed: 0 } });
    expect(await stored.listUnannounced(new Date())).toEqual([]);
  }, 60_000);

  it('documents the jobs routes and the Idempotency-Key header in the OpenAPI document', async () => {
    const doc = await readJson<{ paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, unknown> } }>> }>(await server.request('GET', 'openapi.json'));
    expect(Object.keys(doc.paths['/jobs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/jobs/{id}'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/jobs/{id}/results'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/jobs']!.post!.requestBody!.content).sort()).toEqual(['application/json', 'application/x-ndjson']);
    for (const path of ['/jobs', '/sign-content']) expect(doc.paths[path]!.post!.parameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });

  it('keeps a job to its account: another account gets 404 for its progress and results', async () => {
    const created = await server.request('POST', 'jobs', { token, body: { type: 'verify', items: [{ assetUrl: `${files.baseUrl}/plain.jpg` }] } });
    const { id } = await readJson<{ id: string }>(created);
    const other = (await signUpAccount(server)).session.access_token;
    expect((await server.request('GET', `jobs/${id}`, { token: other })).status).toBe(404);
    expect((await server.request('GET', `jobs/${id}/results`, { token: other })).status).toBe(404);
    expect((await server.request('GET', 'jobs/not-a-job', { token })).status).toBe(400);
    expect((await readJson<{ jobs: TJob[] }>(await server.request('GET', 'jobs', { token: other }))).jobs).toEqual([]);
    await completed(id);
  }, 60_000);

  it('answers a replayed Idempotency-Key with the first answer: one signing, one job', async () => {
    const account = await signUpAccount(server);
    const as = account.session.access_token;
    const body = { assetUrl: `${files.baseUrl}/plain.jpg`, metadata: { creator: 'Ada Reporter' } };
    const sign = (key: string, requestBody: unknown = body) => server.request('POST', 'sign-content', { token: as, body: requestBody, headers: { 'idempotency-key': key } });

    const first = await sign('order-1');
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const replay = await sign('order-1');
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstBody);
    expect(await server.services.signedAssets.countForUser(account.session.user.id)).toBe(1);

    // Concurrent requests with a new key: the work is done once, both get its answer.
    const [a, b, c] = await Promise.all([sign('order-2'), sign('order-2'), sign('order-2')]);
    const answers = await Promise.all([a!, b!, c!].map(async (response) => ({ status: response.status, body: await response.text() })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await server.services.signedAssets.countForUser(account.session.user.id)).toBe(2);

    const reused = await sign('order-1', { ...body, metadata: { creator: 'Someone Else' } });
    expect(reused.status).toBe(422);
    expect((await readJson<{ error: { code: string } }>(reused)).error.code).toBe('idempotency_key_reused');
    // Keys are the account's own: another account's same key is a new request.
    const other = (await signUpAccount(server)).session.access_token;
    const otherFirst = await server.request('POST', 'sign-content', { token: other, body, headers: { 'idempotency-key': 'order-1' } });
    expect(otherFirst.status).toBe(201);
    expect(otherFirst.headers.get('idempotent-replayed')).toBeNull();

    const job = { type: 'verify', items: [{ assetUrl: `${files.baseUrl}/plain.jpg` }] };
    const jobA = await server.request('POST', 'jobs', { token: as, body: job, headers: { 'idempotency-key': 'batch-1' } });
    const jobB = await server.request('POST', 'jobs', { token: as, body: job, headers: { 'idempotency-key': 'batch-1' } });
    expect(jobA.status).toBe(202);
    expect(jobB.status).toBe(202);
    const idA = (await readJson<{ id: string }>(jobA)).id;
    expect((await readJson<{ id: string }>(jobB)).id).toBe(idA);
    expect((await readJson<{ jobs: TJob[] }>(await server.request('GET', 'jobs', { token: as }))).jobs).toHaveLength(1);
    expect((await server.request('POST', 'jobs', { token: as, body: job, headers: { 'idempotency-key': 'x'.repeat(256) } })).status).toBe(400);
    await completed(idA, as);
  }, 90_000);
});
