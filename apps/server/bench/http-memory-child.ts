/**
 * The server's memory under the HTTP bench, in a process that runs only the server (the HTTP bench
 * runs its servers in the bench's own process, after the engine benches, so that process's peak is
 * not the server's): starts a gateway as http-bench.ts does (PGlite in a folder, N engine workers,
 * cache off), signs the assets through POST /sign-content, then runs the bench's loads from another
 * process (load-runner.ts): each asset by upload as a form and as the body, 1 and 4 × N connections,
 * then signing. Prints one JSON line (ServerMemoryResult): its RSS and VmHWM at start-up, after the
 * signings and after the loads, and what holds it (V8 heap, external, array buffers; RSS from /proc).
 *
 *   http-memory-child.ts <workers> <seconds> <trust-anchors.pem|-> <asset-file:mime:name>...
 *
 * measureServerMemory runs it from the bench with the environment `npm start` gives the server
 * (apps/server/package.json: MALLOC_ARENA_MAX=2), so the figure is a deployed server's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, multipart, startServer, type HttpBenchAsset } from './http-bench.ts';

export interface MemoryPoint {
  rssMb: number;
  peakMb: number;
  heapUsedMb: number;
  externalMb: number;
  arrayBuffersMb: number;
}

export interface ServerMemoryResult {
  workers: number;
  startup: MemoryPoint;
  afterSigning: MemoryPoint;
  afterLoad: MemoryPoint;
  /** After a full garbage collection (node --expose-gc), when available: what is still held, not garbage. */
  afterGc: MemoryPoint | null;
  requests: number;
  statuses: Record<string, number>;
}

const MB = 1024 * 1024;

export function memoryPoint(): MemoryPoint {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024;
  const usage = process.memoryUsage();
  return { rssMb: kb('VmRSS'), peakMb: kb('VmHWM'), heapUsedMb: usage.heapUsed / MB, externalMb: usage.external / MB, arrayBuffersMb: usage.arrayBuffers / MB };
}

async function run(workers: number, seconds: number, anchors: string, assetArgs: string[]): Promise<ServerMemoryResult> {
  const assets = assetArgs.map((arg) => {
    const [file, mime, name] = arg.split(':') as [string, string, string];
    return { name, mime, bytes: new Uint8Array(readFileSync(file)) };
  });
  const server = await startServer({ workers, cache: false, trustAnchorFiles: anchors === '-' ? [] : [anchors] });
  const startup = memoryPoint();
  const statuses: Record<string, number> = {};
  let requests = 0;
  try {
    const token = await server.signUp();
    const signed = [];
    for (const asset of assets) signed.push({ ...asset, bytes: await server.sign(asset, token) });
    const afterSigning = memoryPoint();
    const count = (result: Awaited<ReturnType<typeof load>>) => {
      for (const [status, times] of Object.entries(result.statuses)) {
        statuses[status] = (statuses[status] ?? 0) + times;
        requests += times;
      }
    };
    for (const asset of signed) {
      const form = multipart({ file: { value: asset.bytes, fileName: asset.name } });
      const body = { body: Buffer.from(asset.bytes), contentType: asset.mime };
      for (const connections of [1, workers * 4]) {
        count(await load(`${server.url}/api/v1/verify-content`, form, { connections, seconds }));
        count(await load(`${server.url}/api/v1/verify-content`, body, { connections, seconds }));
      }
    }
    const small = assets[0]!;
    const signBody = multipart({ file: { value: small.bytes, fileName: small.name }, metadata: { value: JSON.stringify({ creator: 'Bench' }) } });
    count(await load(`${server.url}/api/v1/sign-content`, signBody, { connections: workers * 2, seconds, token }));
    const afterLoad = memoryPoint();
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    return { workers, startup, afterSigning, afterLoad, afterGc: gc ? memoryPoint() : null, requests, statuses };
  } finally {
    await server.stop();
  }
}

if (process.argv[1]?.endsWith('http-memory-child.ts')) {
  const [workers, seconds, anchors, ...assets] = process.argv.slice(2);
  if (!workers || !seconds || !anchors || assets.length === 0) throw new Error('usage: http-memory-child.ts <workers> <seconds> <anchors.pem|-> <file:mime:name>...');
  process.stdout.write(`${JSON.stringify(await run(Number(workers), Number(seconds), anchors, assets))}\n`);
}

/** The environment apps/server's start script gives the server (glibc's malloc arenas; see README). */
export const START_SCRIPT_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** Runs the measurement above in a process of its own, per engine worker count. */
export async function measureServerMemory(
  assets: HttpBenchAsset[],
  options: { workers: number[]; seconds: number; trustAnchorFiles: string[]; env?: Record<string, string> },
): Promise<ServerMemoryResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-http-memory-'));
  try {
    const assetArgs = assets.map((asset, index) => {
      const file = path.join(dir, `asset-${index}`);
      writeFileSync(file, asset.bytes);
      return `${file}:${asset.mime}:${asset.name}`;
    });
    const results: ServerMemoryResult[] = [];
    for (const workers of options.workers) {
      const args = ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'http-memory-child.ts'), String(workers), String(options.seconds), options.trustAnchorFiles[0] ?? '-', ...assetArgs];
      const output = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, args, { env: { ...process.env, ...(options.env ?? START_SCRIPT_ENV) }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
          error ? reject(new Error(`server memory run failed: ${stderr.slice(-2000)}`)) : resolve(stdout),
        ),
      );
      results.push(JSON.parse(output.trim().split('\n').at(-1)!) as ServerMemoryResult);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
