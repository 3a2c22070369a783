import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/create-db.ts';
import { batchJobItems, batchJobs, signedAssets } from '../../db/schema/index.ts';
import { serveLoopbackFiles, type LoopbackFiles } from '../../testing/loopback-files.ts';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { signUpOnProcess } from '../../testing/sign-up-mail.ts';

// The server killed with SIGKILL half-way through a sign job of 40 items, restarted, killed again
// half-way through a verify job of 200 items, and restarted on the same DATA_DIR: both jobs must complete with every item finished exactly once
// (one result row each, counts equal to the items), and the sign job must leave exactly one signed
// asset, with its files, per item, although the items running at the kill were handed out again.

const VERIFY_ITEMS = 200;
const SIGN_ITEMS = 40;
const ENV = { FETCH_ALLOW_HOSTS: '127.0.0.1', JOB_ITEM_TIMEOUT_SECONDS: '10', JOB_CONCURRENCY: '2', OCSP: 'off' };

interface JobView {
  status: string;
  total: number;
  done: number;
  failed: number;
}

async function api<T>(server: ServerProcess, token: string, method: string, route: string, body?: unknown): Promise<{ status: number; json: T; text: string }> {
  const response = await fetch(`${server.baseUrl}/api/v1/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: ((response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(text) : null) as T, text };
}

describe('batch jobs after a crash', () => {
  let dataDir: string;
  let files: LoopbackFiles;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jobs-durability-'));
    // A few distinct pictures behind many URLs: each item is its own URL, so its fetches are counted.
    const pictures = await Promise.all([0, 1, 2, 3].map((seed) => makeImage('jpeg', 240 + seed * 8, 180)));
    files = await serveLoopbackFiles((urlPath) => {
      const match = /^\/(?:v|s)\/(\d+)\.jpg$/.exec(urlPath);
      return match ? { bytes: pictures[Number(match[1]) % pictures.length]!, type: 'image/jpeg' } : undefined;
    });
  });
  afterAll(async () => {
    await files?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('completes both jobs after kill -9 half-way and a restart, every item processed exactly once', async () => {
    const first = await startServerProcess(dataDir, ENV);
    const session = await signUpOnProcess(first, `jobs-${crypto.randomBytes(4).toString('hex')}@example.com`, 'secret-123');
    const token = session.access_token;

    const signJob = await api<{ id: string }>(first, token, 'POST', 'jobs', {
      type: 'sign',
      items: Array.from({ length: SIGN_ITEMS }, (_, index) => ({ assetUrl: `${files.baseUrl}/s/${index}.jpg`, metadata: { creator: 'Ada Reporter', title: `item ${index}` } })),
    });
    const verifyJob = await api<{ id: string }>(first, token, 'POST', 'jobs', { type: 'verify', items: Array.from({ length: VERIFY_ITEMS }, (_, index) => ({ assetUrl: `${files.baseUrl}/v/${index}.jpg` })) });
    expect([signJob.status, verifyJob.status]).toEqual([202, 202]);

    // The sign job's items go out first (queued first): the first kill lands half-way through them,
    // the second, after a restart, half-way through the verify job.
    const progressOf = async (server: ServerProcess) =>
      Promise.all([signJob, verifyJob].map(async (job) => (await api<JobView>(server, token, 'GET', `jobs/${job.json.id}`)).json));
    const killWhen = async (server: ServerProcess, reached: (views: JobView[]) => boolean): Promise<JobView[]> => {
      for (;;) {
        const views = await progressOf(server);
        if (reached(views)) {
          server.child.kill('SIGKILL');
          await server.exited;
          return views;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const finished = (view: JobView) => view.done + view.failed;
    const atFirstKill = await killWhen(first, ([sign]) => finished(sign!) >= SIGN_ITEMS / 2);
    const second = await startServerProcess(dataDir, ENV);
    const atSecondKill = await killWhen(second, ([, verify]) => finished(verify!) >= VERIFY_ITEMS / 2);

    const third = await startServerProcess(dataDir, ENV);
    const started = Date.now();
    const views: JobView[] = [];
    for (const job of [signJob, verifyJob]) {
      for (;;) {
        const view = (await api<JobView>(third, token, 'GET', `jobs/${job.json.id}`)).json;
        if (view.status === 'completed' || view.status === 'failed') {
          views.push(view);
          break;
        }
        if (Date.now() - started > 150_000) throw new Error(`job ${job.json.id} did not complete: ${JSON.stringify(view)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const secondsToComplete = (Date.now() - started) / 1000;
    const results = await api<null>(third, token, 'GET', `jobs/${verifyJob.json.id}/results`);
    const lines = results.text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { index: number; status: string });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);

    expect(views[0]).toMatchObject({ status: 'completed', total: SIGN_ITEMS, done: SIGN_ITEMS, failed: 0 });
    expect(views[1]).toMatchObject({ status: 'completed', total: VERIFY_ITEMS, done: VERIFY_ITEMS, failed: 0 });
    expect(lines.map((line) => line.index)).toEqual(Array.from({ length: VERIFY_ITEMS }, (_, index) => index));

    // Counted from the data directory itself, not through the code under test.
    const database = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    const items = await database.db.select({ jobId: batchJobItems.jobId, status: batchJobItems.status }).from(batchJobItems).where(inArray(batchJobItems.jobId, [signJob.json.id, verifyJob.json.id]));
    const jobs = await database.db.select().from(batchJobs).where(eq(batchJobs.userId, session.user.id));
    const assets = await database.db.select({ id: signedAssets.id }).from(signedAssets).where(and(eq(signedAssets.userId, session.user.id)));
    await database.close();
    const folders = (await fs.readdir(path.join(dataDir, 'assets')).catch(() => [])).length > 0 ? await countAssetFolders(path.join(dataDir, 'assets')) : 0;
    const fetchedTwice = [...files.hits.entries()].filter(([, count]) => count > 1).map(([urlPath]) => urlPath);
    console.info('jobs after two kill -9:', { atFirstKill: atFirstKill.map(finished), atSecondKill: atSecondKill.map(finished), secondsToComplete, itemRows: items.length, signedAssets: assets.length, assetFolders: folders, urlsFetchedTwice: fetchedTwice });

    expect(items).toHaveLength(SIGN_ITEMS + VERIFY_ITEMS);
    expect(items.every((item) => item.status === 'done')).toBe(true);
    for (const job of jobs) expect(job.done + job.failed).toBe(job.total);
    // One signed asset per sign item, no more (a re-run after the crash found its asset or signed it once).
    expect(assets).toHaveLength(SIGN_ITEMS);
    expect(folders).toBe(SIGN_ITEMS);
    // Every URL was fetched, and only items in flight at the kill could have been fetched again.
    expect(files.hits.size).toBe(SIGN_ITEMS + VERIFY_ITEMS);
    expect(fetchedTwice.length).toBeLessThanOrEqual(8);
  }, 360_000);
});

async function countAssetFolders(root: string): Promise<number> {
  let count = 0;
  for (const shard of await fs.readdir(root)) count += (await fs.readdir(path.join(root, shard))).length;
  return count;
}
