// A batch job's items read back as the app shows them, over real HTTP (the API listening on
// loopback, items fetched from a loopback file server, run on the real work queue): a page of items
// with each one's verdict and the report's words (reason, trust label, failing checks explained) or
// its error, paged by index; one item's whole verification for its report; another account's job 404.
import { ZJob, ZJobItemPage, ZJobItemReport, type TJob } from '@provenance/contracts';
import { makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { serveLoopbackFiles, type LoopbackFiles } from '../../testing/loopback-files.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';

describe.each(testDatabaseKinds())('a batch job\'s items on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let api: LoopbackApi;
  let base: string;
  let files: LoopbackFiles;
  let token: string;
  let jobId: string;

  const get = (path: string, as = token) => fetch(`${base}/${path}`, { headers: { authorization: `Bearer ${as}` } });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { jobs: { retryDelaySeconds: 1, maxAttempts: 1, concurrency: 2 } });
    api = await listenOnLoopback(server);
    base = api.base;
    token = (await signUpAccount(server)).session.access_token;
    // A file the gateway signed, and a copy of it with a pixel changed, stand for files on the web.
    const form = new FormData();
    form.append('file', new Blob([await makeImage('jpeg', 320, 240)]), 'photo.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    const signed = await fetch(`${base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(signed.status).toBe(201);
    // A copy: the store answers a Buffer, whose slice() (which tamperJpegPixel makes) shares its bytes.
    const signedBytes = new Uint8Array((await server.services.store.get(((await signed.json()) as { assetId: string }).assetId, 'signed'))!);
    const photos = new Map<string, Uint8Array>([
      ['/signed.jpg', signedBytes],
      ['/tampered.jpg', tamperJpegPixel(signedBytes)],
      ['/plain.jpg', await makeImage('jpeg', 300, 200)],
    ]);
    files = await serveLoopbackFiles((path) => (photos.has(path) ? { bytes: photos.get(path)!, type: 'image/jpeg' } : undefined));

    const created = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'verify', items: ['/signed.jpg', '/tampered.jpg', '/plain.jpg', '/missing.jpg'].map((path) => ({ assetUrl: `${files.baseUrl}${path}` })) }),
    });
    expect(created.status).toBe(202);
    jobId = ((await created.json()) as { id: string }).id;
    const deadline = Date.now() + 20_000;
    let job: TJob;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = ZJob.parse(await (await get(`jobs/${jobId}`)).json());
    } while (job.status !== 'completed' && Date.now() < deadline);
    expect(job.status).toBe('completed');
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await server?.close();
    await files?.close();
    await database?.close();
  });

  it('lists each item with its verdict and the report\'s words, or its error, a page at a time', async () => {
    const first = await readAnswer(ZJobItemPage, await get(`jobs/${jobId}/items?limit=2`));
    expect(first.job).toMatchObject({ id: jobId, total: 4, done: 3, failed: 1 });
    expect(first.from).toBe(0);
    expect(first.items.map((item) => [item.index, item.status, item.verdict])).toEqual([
      [0, 'done', 'verified'],
      [1, 'done', 'invalid'],
    ]);
    const [verified, tampered] = first.items;
    expect(verified!.assetUrl).toBe(`${files.baseUrl}/signed.jpg`);
    expect(verified!.trustLabel).toMatch(/this gateway/);
    // The account's organisation, as the report names a name nobody checked.
    expect(verified!.organization).toMatch(/ \(self-declared, not verified\)$/);
    expect(verified!.reason).toBeTruthy();
    expect(verified!.manifestId).toMatch(/^urn:c2pa:/);
    expect(verified!.failures).toEqual([]);
    // The tampered copy: its reason names the change, each failing check explained in words.
    expect(tampered!.reasonCode).toBe('assertion.dataHash.mismatch');
    expect(tampered!.reason).toMatch(/changed/);
    expect(tampered!.failures).toContainEqual(expect.objectContaining({ code: 'assertion.dataHash.mismatch', explanation: 'The file’s bytes have changed since it was signed.' }));

    const second = await readAnswer(ZJobItemPage, await get(`jobs/${jobId}/items?from=2&limit=2`));
    expect(second.items.map((item) => [item.index, item.status, item.verdict])).toEqual([
      [2, 'done', 'unsigned'],
      [3, 'failed', null],
    ]);
    expect(second.items[0]!.reason).toBeTruthy();
    expect(second.items[1]!.error).toEqual({ code: 'fetch_status', message: expect.stringContaining('404') });
    expect(second.items[1]!.reason).toBeNull();
    // Past the last item: an empty page.
    expect((await readAnswer(ZJobItemPage, await get(`jobs/${jobId}/items?from=4`))).items).toEqual([]);
  }, 30_000);

  it('answers one item with its whole verification, for its report', async () => {
    const report = await readAnswer(ZJobItemReport, await get(`jobs/${jobId}/items/1`));
    expect(report).toMatchObject({ jobId, type: 'verify', item: { index: 1, verdict: 'invalid' } });
    expect(report.verification?.verification.status).toBe('invalid');
    expect(report.verification?.report.codes.failure.map((code) => code.code)).toContain('assertion.dataHash.mismatch');
    const failed = await readAnswer(ZJobItemReport, await get(`jobs/${jobId}/items/3`));
    expect(failed.verification).toBeNull();
    expect(failed.item.error?.code).toBe('fetch_status');
  }, 30_000);

  it('lists a sign item with the verdict of the file it signed and the manifest it made', async () => {
    const created = await fetch(`${base}/jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'sign', items: [{ assetUrl: `${files.baseUrl}/plain.jpg`, metadata: { creator: 'Ada Reporter' } }] }),
    });
    expect(created.status).toBe(202);
    const signJob = ((await created.json()) as { id: string }).id;
    const deadline = Date.now() + 20_000;
    let page = await readAnswer(ZJobItemPage, await get(`jobs/${signJob}/items`));
    while (page.job.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await readAnswer(ZJobItemPage, await get(`jobs/${signJob}/items`));
    }
    const [signed] = page.items;
    expect(signed).toMatchObject({ index: 0, status: 'done', verdict: 'verified', failures: [], error: null });
    const report = await readAnswer(ZJobItemReport, await get(`jobs/${signJob}/items/0`));
    expect(report.type).toBe('sign');
    expect(signed!.manifestId).toBe(report.verification?.report.manifestId);
    // The manifest the signing made is the gateway's: its report is public at /v/{manifestId}.
    expect((await fetch(`${base}/manifests/${encodeURIComponent(signed!.manifestId!)}`)).status).toBe(200);
  }, 30_000);

  it('refuses bad input by name, and keeps a job to its account: another account gets 404', async () => {
    const other = (await signUpAccount(server)).session.access_token;
    expect((await get(`jobs/${jobId}/items`, other)).status).toBe(404);
    expect((await get(`jobs/${jobId}/items/0`, other)).status).toBe(404);
    expect((await get(`jobs/${jobId}/items/4`)).status).toBe(404);
    const badLimit = await get(`jobs/${jobId}/items?limit=1000`);
    expect(badLimit.status).toBe(400);
    expect(((await badLimit.json()) as { error: { message: string } }).error.message).toMatch(/limit/);
    const badIndex = await get(`jobs/${jobId}/items/first`);
    expect(badIndex.status).toBe(400);
    expect(((await badIndex.json()) as { error: { message: string } }).error.message).toMatch(/index/);
    expect((await get('jobs/not-a-job/items')).status).toBe(400);
  }, 30_000);

  it('documents the item reads in the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/jobs/{id}/items', '/jobs/{id}/items/{index}']));
  });
});
