/**
 * Upload memory measurement: starts the real server (src/main.ts, its own process, on 127.0.0.1
 * with a fresh DATA_DIR), sends 24 concurrent 100 MB uploads to POST /api/v1/verify-content (a JPEG
 * padded to 100 MB, sent as the body), and prints the server's peak RSS (VmHWM, and sampled), its
 * RSS before and after, and the count of each response status.
 *
 *   npx tsx apps/server/bench/upload-memory.ts [uploads=24] [megabytes=100]
 *
 * Linux only (reads /proc). The client shares one buffer for every upload, in this process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';

const UPLOADS = Number(process.argv[2] ?? 24);
const MEGABYTES = Number(process.argv[3] ?? 100);
const MB = 1024 * 1024;

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-upload-memory-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      INIT_CWD: dataDir,
      LOG_LEVEL: 'warn',
      // No outbound calls: not to the default public time-stamping authority.
      TSA_URL: 'off',
      // One client sends every upload: its fair share must not turn them away before they are read.
      PUBLIC_CONCURRENCY_PER_CLIENT: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The port is chosen by the system; main.ts logs it only at info, so ask for it at warn through ss.
  const port = await listeningPort(server.pid!);
  const base = `http://127.0.0.1:${port}`;
  const before = memoryOf(server.pid!);

  const jpeg = await makeImage('jpeg', 640, 480, 7);
  const body = Buffer.alloc(MEGABYTES * MB);
  body.set(jpeg);
  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(server.pid!).rss);
  }, 50);

  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: UPLOADS }, () => upload(`${base}/api/v1/verify-content`, body)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await new Promise((settled) => setTimeout(settled, 2_000));
  const after = memoryOf(server.pid!);
  // Later, once engine workers past their memory bound have been replaced.
  await new Promise((settled) => setTimeout(settled, 8_000));
  const settledAfter = memoryOf(server.pid!);
  server.kill('SIGTERM');
  await new Promise((exited) => server.once('exit', exited));
  rmSync(dataDir, { recursive: true, force: true });

  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  console.log(`${UPLOADS} concurrent uploads of ${MEGABYTES} MB to /api/v1/verify-content in ${seconds.toFixed(1)} s`);
  console.log(`server RSS before: ${megabytes(before.rss)}; peak (VmHWM): ${megabytes(after.peak)}; peak sampled every 50 ms: ${megabytes(sampledPeak)}; 2 s after: ${megabytes(after.rss)}; 10 s after: ${megabytes(settledAfter.rss)}`);
  console.log(`statuses: ${JSON.stringify(counts)}`);
}

/** The TCP port the server process listens on, from /proc (no log parsing). */
async function listeningPort(pid: number): Promise<number> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    await new Promise((waited) => setTimeout(waited, 100));
    const inodes = new Set<string>();
    try {
      for (const fd of (await import('node:fs')).readdirSync(`/proc/${pid}/fd`)) {
        const target = (await import('node:fs')).readlinkSync(`/proc/${pid}/fd/${fd}`);
        const match = /^socket:\[(\d+)\]$/.exec(target);
        if (match) inodes.add(match[1]!);
      }
    } catch {
      continue;
    }
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // state 0A is LISTEN; local address is 0100007F:PORT for 127.0.0.1.
      if (fields[3] === '0A' && fields[1]?.startsWith('0100007F:') && inodes.has(fields[9]!)) return parseInt(fields[1].split(':')[1]!, 16);
    }
  }
  throw new Error('the server did not start listening within 60 s');
}

function upload(url: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'image/jpeg', 'content-length': body.byteLength } }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
    outgoing.end(body);
  });
}

await main();
