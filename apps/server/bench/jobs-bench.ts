/**
 * Batch jobs benchmark (issue 19): a verify job of 1,000 distinct files served from a loopback
 * server, run by a real server process (main.ts on PGlite under a fresh DATA_DIR) with 1 and with 2
 * job workers (JOB_CONCURRENCY): items per second from the 202 to `completed`, and the process's
 * peak resident memory (VmHWM). Then the same job with the server killed (SIGKILL) half-way and
 * restarted on the same DATA_DIR: items lost and duplicated, counted from the results.
 *
 * The files: 500 photos signed by the gateway in a sign job first (its throughput is reported too)
 * and 500 unsigned ones, every one with its own bytes, so no verification comes from the cache.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import pg from 'pg';
import { table } from '../../../packages/engine/bench/measure.ts';
import { serveLoopbackFiles } from '../src/testing/loopback-files.ts';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { signUpOnProcess } from '../src/testing/sign-up-mail.ts';

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 1_000);
const ENV = { FETCH_ALLOW_HOSTS: '127.0.0.1', OCSP: 'off', JOB_ITEM_TIMEOUT_SECONDS: '10' };

interface JobView {
  status: string;
  total: number;
  done: number;
  failed: number;
}

async function call<T>(server: ServerProcess, token: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/v1/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return (response.headers.get('content-type') ?? '').startsWith('application/json') ? ((await response.json()) as T) : ((await response.text()) as T);
}

async function signUp(server: ServerProcess): Promise<string> {
  return (await signUpOnProcess(server, `bench-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`, 'secret-123')).access_token;
}

async function waitFor(server: ServerProcess, token: string, id: string, until: (view: JobView) => boolean, pollMs = 100): Promise<JobView> {
  for (;;) {
    const view = await call<JobView>(server, token, 'GET', `jobs/${id}`);
    if (until(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

const finished = (view: JobView) => view.status === 'completed' || view.status === 'failed';

/** A new database on the PostgreSQL server of `baseUrl`, and the environment a server copy needs for it. */
async function freshPostgres(baseUrl: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const name = `jobs_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString(), KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Peak resident memory of a process so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : Number.NaN;
}

/** CPU time the process used so far (all its threads, user + system), in seconds (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

export async function runJobsBench(log: (text: string) => void): Promise<void> {
  const loadBefore = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'jobs-bench-'));
  const half = Math.floor(ITEMS / 2);
  // Distinct photos: one seed each (different bytes, different hashes).
  const originals = await Promise.all(Array.from({ length: ITEMS }, (_, index) => makeImage('jpeg', 320, 240, index + 1)));
  const served = new Map<number, Uint8Array>(originals.map((bytes, index) => [index, bytes]));
  const hits = new Map<number, number>();
  const files = await serveLoopbackFiles((urlPath) => {
    const match = /^\/(?:original|photo)\/(\d+)\.jpg$/.exec(urlPath);
    if (!match) return undefined;
    const index = Number(match[1]);
    if (urlPath.startsWith('/photo/')) hits.set(index, (hits.get(index) ?? 0) + 1);
    const bytes = urlPath.startsWith('/original/') ? originals[index] : served.get(index);
    return bytes ? { bytes, type: 'image/jpeg' } : undefined;
  });
  const rows: (string | number)[][] = [];
  try {
    // The signed half, made by a sign job (2 workers).
    const signer = await startServerProcess(path.join(root, 'signer'), { ...ENV, JOB_CONCURRENCY: '2' });
    const signerToken = await signUp(signer);
    const signCpu = cpuSeconds(signer.child.pid!);
    const signStart = performance.now();
    const signJob = await call<{ id: string }>(signer, signerToken, 'POST', 'jobs', {
      type: 'sign',
      items: Array.from({ length: half }, (_, index) => ({ assetUrl: `${files.baseUrl}/original/${index}.jpg`, metadata: { creator: 'Bench' } })),
    });
    const signView = await waitFor(signer, signerToken, signJob.id, finished, 250);
    const signSeconds = (performance.now() - signStart) / 1000;
    const signCpuMs = ((cpuSeconds(signer.child.pid!) - signCpu) * 1000) / half;
    const signResults = (await call<string>(signer, signerToken, 'GET', `jobs/${signJob.id}/results`)).split('\n').filter(Boolean);
    for (const line of signResults) {
      const { index, result } = JSON.parse(line) as { index: number; result?: { assetId: string } };
      if (!result) continue;
      const signed = await fetch(`${signer.baseUrl}/api/v1/assets/${result.assetId}`);
      served.set(index, new Uint8Array(await signed.arrayBuffer()));
    }
    const signRss = peakRssMb(signer.child.pid!);
    await stop(signer);
    rows.push([`sign ${half} photos (320×240 JPEG)`, 2, `${signView.done} done, ${signView.failed} failed`, signSeconds.toFixed(1), (half / signSeconds).toFixed(1), signCpuMs.toFixed(0), signRss, '']);

    const verifyItems = Array.from({ length: ITEMS }, (_, index) => ({ assetUrl: `${files.baseUrl}/photo/${index}.jpg` }));
    // PGlite (the default) runs on the server's main thread; with PostgreSQL the database work is
    // another process's. BENCH_JOBS_DATABASE_URL (or TEST_DATABASE_URL) adds runs on a fresh database there.
    const postgresBase = process.env.BENCH_JOBS_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    const databases: Array<{ name: string; env: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }> }> = [
      { name: 'PGlite', env: async () => ({ env: {}, drop: async () => undefined }) },
      ...(postgresBase ? [{ name: 'PostgreSQL', env: () => freshPostgres(postgresBase) }] : []),
    ];
    for (const database of databases) for (const workers of [1, 2]) {
      const { env, drop } = await database.env();
      const server = await startServerProcess(path.join(root, `verify-${database.name}-${workers}`), { ...ENV, ...env, JOB_CONCURRENCY: String(workers) });
      const token = await signUp(server);
      const cpuBefore = cpuSeconds(server.child.pid!);
      const started = performance.now();
      const job = await call<{ id: string }>(server, token, 'POST', 'jobs', { type: 'verify', items: verifyItems });
      const view = await waitFor(server, token, job.id, finished);
      const seconds = (performance.now() - started) / 1000;
      const cpuMs = ((cpuSeconds(server.child.pid!) - cpuBefore) * 1000) / ITEMS;
      rows.push([`verify ${ITEMS} (${half} signed, ${ITEMS - half} unsigned), ${database.name}`, workers, `${view.done} done, ${view.failed} failed`, seconds.toFixed(1), (ITEMS / seconds).toFixed(1), cpuMs.toFixed(0), peakRssMb(server.child.pid!), '']);
      await stop(server);
      await drop();
    }

    // Killed half-way, restarted on the same data.
    hits.clear();
    const crashDir = path.join(root, 'crash');
    const first = await startServerProcess(crashDir, { ...ENV, JOB_CONCURRENCY: '2' });
    const token = await signUp(first);
    const started = performance.now();
    const job = await call<{ id: string }>(first, token, 'POST', 'jobs', { type: 'verify', items: verifyItems });
    const atKill = await waitFor(first, token, job.id, (view) => view.done + view.failed >= half, 20);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await startServerProcess(crashDir, { ...ENV, JOB_CONCURRENCY: '2' });
    const view = await waitFor(second, token, job.id, finished, 250);
    const seconds = (performance.now() - started) / 1000;
    const lines = (await call<string>(second, token, 'GET', `jobs/${job.id}/results`)).split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { index: number }).index);
    await stop(second);
    const unique = new Set(lines);
    const lost = ITEMS - unique.size;
    const duplicated = lines.length - unique.size;
    const refetched = [...hits.values()].filter((count) => count > 1).length;
    rows.push([
      `verify ${ITEMS}, kill -9 at ${atKill.done + atKill.failed} finished, restart`,
      2,
      `${view.done} done, ${view.failed} failed`,
      seconds.toFixed(1),
      (ITEMS / seconds).toFixed(1),
      '',
      '',
      `lost ${lost}, duplicated ${duplicated} (${refetched} in-flight items run again)`,
    ]);
  } finally {
    await files.close();
    await fs.rm(root, { recursive: true, force: true });
  }
  log(`\n### Batch jobs: ${ITEMS} verifications of URLs served from loopback (real server process; PGlite unless said; engine workers: one per core)\n`);
  log(`Load average before: ${loadBefore}; after: ${os.loadavg().map((value) => value.toFixed(1)).join(' ')} (${os.availableParallelism()} cores).\n`);
  log(table(['job', 'job workers', 'items', 'seconds (202 → completed)', 'items/s', 'server CPU per item (ms)', 'peak RSS of the server (MB)', 'after the crash'], rows));
  log('\nServer CPU per item: the server process\'s user and system time (all its threads: event loop, engine workers, PGlite) over the job, divided by its items; on a shared machine it says what an item costs when wall-clock rates say how busy the machine was. The crash run includes the restart and the wait for the killed copy\'s in-flight items to expire (JOB_ITEM_TIMEOUT_SECONDS=10, pg-boss maintenance every 30 s). Lost: items without a result; duplicated: result lines beyond one per item.');
}

if (import.meta.url === `file://${process.argv[1]}`) await runJobsBench((text) => process.stdout.write(`${text}\n`));
