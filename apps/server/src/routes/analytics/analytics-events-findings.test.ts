// Recent verification events say what was found and where, over real HTTP (the API listening on
// loopback, files fetched from a loopback file server, a batch job on the real work queue): each
// event's trust label and organisation, the address verified (without its query, which may hold a
// token), the page that asked, a recovery, the manifest whose report the gateway can show, and the
// account's own job item that ran it (never another account's job).
import { ZJob, ZVerificationEventList, type TJob, type TSignContentResponse, type TVerificationEvent } from '@provenance/contracts';
import { makeImage, tamperJpegPixel } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { serveLoopbackFiles, type LoopbackFiles } from '../../testing/loopback-files.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';

describe.each(testDatabaseKinds())('what and where of verification events on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let api: LoopbackApi;
  let base: string;
  let files: LoopbackFiles;

  const call = (path: string, token: string | null, init: RequestInit = {}) =>
    fetch(`${base}/${path}`, { ...init, headers: { ...(token && { authorization: `Bearer ${token}` }), ...(init.body && typeof init.body === 'string' && { 'content-type': 'application/json' }), ...init.headers } });
  const events = async (token: string): Promise<TVerificationEvent[]> => (await readAnswer(ZVerificationEventList, await call('analytics/events?limit=20', token))).events;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database, { jobs: { retryDelaySeconds: 1, maxAttempts: 1, concurrency: 2 } });
    api = await listenOnLoopback(server);
    base = api.base;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await server?.close();
    await files?.close();
    await database?.close();
  });

  it('says what each verification found and where, and links the report that can be shown', async () => {
    const owner = (await signUpAccount(server)).session.access_token;
    const stranger = (await signUpAccount(server)).session.access_token;
    const original = await makeImage('jpeg', 320, 240, 7);
    const form = new FormData();
    form.append('file', new Blob([original]), 'harbour.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    const signing = await call('sign-content', owner, { method: 'POST', body: form });
    expect(signing.status).toBe(201);
    const signed = (await signing.json()) as TSignContentResponse;
    // A copy: the store answers a Buffer, whose slice() (which tamperJpegPixel makes) shares its bytes.
    const signedBytes = new Uint8Array((await server.services.store.get(signed.assetId, 'signed'))!);
    const photos = new Map<string, Uint8Array>([
      ['/signed.jpg', signedBytes],
      ['/tampered.jpg', tamperJpegPixel(signedBytes)],
      ['/original.jpg', original],
      ['/elsewhere.jpg', await makeImage('jpeg', 200, 150, 3)],
    ]);
    files = await serveLoopbackFiles((path) => (photos.has(path) ? { bytes: photos.get(path)!, type: 'image/jpeg' } : undefined));

    const verify = async (token: string | null, body: object, headers: Record<string, string> = {}) => {
      const response = await call('verify-content', token, { method: 'POST', body: JSON.stringify(body), headers });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    // The owner checks the signed copy at an address whose query holds a token, and the original file
    // (no credentials of its own: recovered from the repository).
    await verify(owner, { assetUrl: `${files.baseUrl}/signed.jpg?token=s3cret#top` });
    await verify(owner, { assetUrl: `${files.baseUrl}/original.jpg` });
    // A news site's badge shows the manifest around another picture.
    await verify(null, { manifestId: signed.manifestId, assetUrl: `${files.baseUrl}/elsewhere.jpg` }, { origin: 'https://news.example' });
    // A stranger's batch job checks the tampered copy.
    const created = await call('jobs', stranger, { method: 'POST', body: JSON.stringify({ type: 'verify', items: [{ assetUrl: `${files.baseUrl}/tampered.jpg` }] }) });
    expect(created.status).toBe(202);
    const jobId = ((await created.json()) as { id: string }).id;
    const deadline = Date.now() + 20_000;
    let job: TJob;
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = ZJob.parse(await (await call(`jobs/${jobId}`, stranger)).json());
    } while (job.status !== 'completed' && Date.now() < deadline);
    expect(job.status).toBe('completed');

    const [tampered, mismatch, recovered, intact] = await events(owner);
    expect(intact).toMatchObject({
      status: 'verified',
      source: 'url',
      assetUrl: `${files.baseUrl}/signed.jpg`,
      trustLabel: expect.stringMatching(/this gateway/),
      organization: expect.stringMatching(/ \(self-declared, not verified\)$/),
      pageOrigin: null,
      recovery: null,
      heldManifestId: signed.manifestId,
      jobItem: null,
    });
    expect(recovered).toMatchObject({ status: 'unsigned', assetUrl: `${files.baseUrl}/original.jpg`, recovery: { method: 'exact-hash', similarity: 100, manifestId: signed.manifestId }, heldManifestId: signed.manifestId });
    expect(mismatch).toMatchObject({ mediaCheck: 'mismatch', assetUrl: `${files.baseUrl}/elsewhere.jpg`, pageOrigin: 'https://news.example', ofOwnContent: true });
    // The stranger's job item checked the owner's content: the owner sees what and where, not the job.
    expect(tampered).toMatchObject({ status: 'invalid', reason: 'The file’s bytes have changed since it was signed.', assetUrl: `${files.baseUrl}/tampered.jpg`, trustLabel: expect.any(String), jobItem: null });

    const [ownRun] = await events(stranger);
    expect(ownRun).toMatchObject({ status: 'invalid', ofOwnContent: false, assetUrl: `${files.baseUrl}/tampered.jpg`, jobItem: { jobId, index: 0 } });
  }, 60_000);
});
