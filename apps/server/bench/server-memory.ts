/**
 * The server's memory under the HTTP bench's loads, measured on the server as `npm start` runs it:
 * the bundle apps/server/build.js makes, started with the environment and node options of this
 * package's start script, in a process of its own. Its database is PGlite in its DATA_DIR, its
 * verification cache is off (VERIFY_CACHE_ENTRIES=0, so every request is verified, not answered from
 * memory), OCSP is off (the gateway's own responder is at PUBLIC_URL, which no one serves here) and
 * trust lists are not fetched. The bench signs the assets through POST /sign-content, then runs its
 * loads from another process (load-runner.ts): each asset by upload as a form and as the body at 1
 * and 4 × workers connections, then signing. Memory is read from /proc/<pid>/status (VmRSS, VmHWM).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { load, multipart, type HttpBenchAsset } from './http-bench.ts';

export interface MemoryPoint {
  rssMb: number;
  /** VmHWM: the process's peak RSS so far. */
  peakMb: number;
}

export interface ServerMemoryResult {
  workers: number;
  startup: MemoryPoint;
  afterSigning: MemoryPoint;
  afterLoad: MemoryPoint;
  requests: number;
  statuses: Record<string, number>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The start script's environment assignments and node options (apps/server/package.json), so the bench runs what `npm start` runs. */
export function startScript(): { env: Record<string, string>; nodeOptions: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || words.at(-1) !== 'dist/main.js') throw new Error(`unexpected start script: ${scripts.start}`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string]));
  return { env, nodeOptions: words.slice(node + 1, -1) };
}

function memoryOf(pid: number): MemoryPoint {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/** Builds the bundle into a folder of this package (build.js keeps its output inside it) and returns main.js's path. */
async function buildServer(outdir: string): Promise<string> {
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [path.join(SERVER_DIR, 'build.js'), outdir], { cwd: SERVER_DIR }, (error, _stdout, stderr) => (error ? reject(new Error(`server build failed: ${stderr}`)) : resolve())),
  );
  return path.join(outdir, 'main.js');
}

interface StartedServer {
  child: ChildProcess;
  url: string;
  exited: Promise<void>;
}

async function startBuiltServer(main: string, env: Record<string, string>, nodeOptions: string[]): Promise<StartedServer> {
  const child = spawn(process.execPath, [...nodeOptions, main], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 120 s: ${stderr}`)), 120_000);
    void exited.then(() => reject(new Error(`the server exited before listening: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'listening' && entry.url) {
        clearTimeout(timer);
        resolve(entry.url.replace('localhost', '127.0.0.1'));
      }
    });
  });
  return { child, url, exited };
}

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'secret-123-bench' }) });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { session: { access_token: string } }).session.access_token;
}

async function signAsset(url: string, asset: HttpBenchAsset, token: string): Promise<Uint8Array> {
  const form = new FormData();
  form.append('file', new Blob([asset.bytes]), asset.name);
  form.append('metadata', JSON.stringify({ creator: 'Bench' }));
  const response = await fetch(`${url}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`signing ${asset.name} failed: ${response.status} ${await response.text()}`);
  const { assetId } = (await response.json()) as { assetId: string };
  return new Uint8Array(await (await fetch(`${url}/api/v1/assets/${assetId}`)).arrayBuffer());
}

export interface ServerMemoryOptions {
  workers: number[];
  seconds: number;
  trustAnchorFiles: string[];
  /** Settings tried on top of the start script's, to see what one would change before putting it there. */
  extra?: { env?: Record<string, string>; nodeOptions?: string[] };
}

async function measureOne(main: string, assets: HttpBenchAsset[], workers: number, options: ServerMemoryOptions): Promise<ServerMemoryResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-server-memory-'));
  const script = startScript();
  const server = await startBuiltServer(
    main,
    {
      ...script.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ENGINE_WORKERS: String(workers),
      VERIFY_CACHE_ENTRIES: '0',
      OCSP: 'off',
      TRUST_LIST_REFRESH_HOURS: '0',
      TRUST_ANCHORS: options.trustAnchorFiles.join(','),
      LOG_LEVEL: 'info',
      ...options.extra?.env,
    },
    [...script.nodeOptions, ...(options.extra?.nodeOptions ?? [])],
  );
  const pid = server.child.pid!;
  const statuses: Record<string, number> = {};
  let requests = 0;
  const count = (result: Awaited<ReturnType<typeof load>>) => {
    for (const [status, times] of Object.entries(result.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + times;
      requests += times;
    }
  };
  try {
    const startup = memoryOf(pid);
    const token = await signUp(server.url);
    const signed: HttpBenchAsset[] = [];
    for (const asset of assets) signed.push({ ...asset, bytes: await signAsset(server.url, asset, token) });
    const afterSigning = memoryOf(pid);
    for (const asset of signed) {
      const form = multipart({ file: { value: asset.bytes, fileName: asset.name } });
      const body = { body: Buffer.from(asset.bytes), contentType: asset.mime };
      for (const connections of [1, workers * 4]) {
        count(await load(`${server.url}/api/v1/verify-content`, form, { connections, seconds: options.seconds }));
        count(await load(`${server.url}/api/v1/verify-content`, body, { connections, seconds: options.seconds }));
      }
    }
    const small = assets[0]!;
    const signBody = multipart({ file: { value: small.bytes, fileName: small.name }, metadata: { value: JSON.stringify({ creator: 'Bench' }) } });
    count(await load(`${server.url}/api/v1/sign-content`, signBody, { connections: workers * 2, seconds: options.seconds, token }));
    return { workers, startup, afterSigning, afterLoad: memoryOf(pid), requests, statuses };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Builds the server once, then measures it under the loads with each engine worker count. */
export async function measureServerMemory(assets: HttpBenchAsset[], options: ServerMemoryOptions): Promise<ServerMemoryResult[]> {
  // Inside dist/ (ignored by git and lint), beside the build a running `npm start` uses, never over it.
  const outdir = path.join(SERVER_DIR, 'dist', `bench-memory-${process.pid}`);
  try {
    const main = await buildServer(outdir);
    const results: ServerMemoryResult[] = [];
    for (const workers of options.workers) results.push(await measureOne(main, assets, workers, options));
    return results;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
