/**
 * The server's memory under the HTTP bench's loads, measured on the server as `npm start` runs it:
 * the bundle apps/server/build.js makes, started (testing/server-process.ts) with the environment and
 * node options of this package's start script, in a process of its own. Its database is PGlite in its DATA_DIR, its
 * verification cache is off (VERIFY_CACHE_ENTRIES=0, so every request is verified, not answered from
 * memory), OCSP is off (the gateway's own responder is at PUBLIC_URL, which no one serves here) and
 * trust lists are not fetched. The bench signs the assets through POST /sign-content, then runs its
 * loads from another process (load-runner.ts): each asset by upload as a form and as the body at 1
 * and 4 × workers connections, then signing. Memory is read from /proc/<pid>/status (VmRSS, VmHWM).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { signUpOnProcess } from '../src/testing/sign-up-mail.ts';
import { load, multipart, type HttpBenchAsset } from './http-bench.ts';

export { startScript } from '../src/testing/start-script.ts';

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

async function signUp(server: ServerProcess): Promise<string> {
  return (await signUpOnProcess(server, `bench-${Date.now()}@example.com`, 'secret-123-bench')).access_token;
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
  const server = await startServerProcess(
    dataDir,
    {
      ENGINE_WORKERS: String(workers),
      VERIFY_CACHE_ENTRIES: '0',
      OCSP: 'off',
      TRUST_LIST_REFRESH_HOURS: '0',
      TRUST_ANCHORS: options.trustAnchorFiles.join(','),
      ...options.extra?.env,
    },
    main,
    options.extra?.nodeOptions,
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
    const token = await signUp(server);
    const signed: HttpBenchAsset[] = [];
    for (const asset of assets) signed.push({ ...asset, bytes: await signAsset(server.baseUrl, asset, token) });
    const afterSigning = memoryOf(pid);
    for (const asset of signed) {
      const form = multipart({ file: { value: asset.bytes, fileName: asset.name } });
      const body = { body: Buffer.from(asset.bytes), contentType: asset.mime };
      for (const connections of [1, workers * 4]) {
        count(await load(`${server.baseUrl}/api/v1/verify-content`, form, { connections, seconds: options.seconds }));
        count(await load(`${server.baseUrl}/api/v1/verify-content`, body, { connections, seconds: options.seconds }));
      }
    }
    const small = assets[0]!;
    const signBody = multipart({ file: { value: small.bytes, fileName: small.name }, metadata: { value: JSON.stringify({ creator: 'Bench' }) } });
    count(await load(`${server.baseUrl}/api/v1/sign-content`, signBody, { connections: workers * 2, seconds: options.seconds, token }));
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
