/**
 * Hostile upload mixes against the real server (src/main.ts in its own process, on 127.0.0.1, a
 * fresh DATA_DIR, the verification cache off so every verification costs the engine, the product's
 * per-client limits). Clients are told apart by their socket address (127.0.0.x; the server does not
 * trust a proxy here). Prints a polite client's goodput (verifications answered 200 per second, one
 * at a time from 127.0.0.100) and the server's RSS before, at its peak (VmHWM, reset before each mix)
 * and after:
 *
 *   flood   FLOODERS addresses (127.0.0.2...) each keep 24 uploads of a 1.6 MB file going (most get
 *           429), for SECONDS; once with no flood first, for the baseline goodput.
 *   slow    40 bodies declaring 8 MiB (8 from each of 5 addresses) that send a byte every 5 s, while
 *           the polite client verifies and a signed-in client signs, for SECONDS.
 *
 *   npx tsx apps/server/bench/hostile-uploads.ts [flood|slow] [seconds=15] [flooders=1]
 *
 * The flood is sent by a second process (this script, mode "flooder"), so that the flood's work on
 * the client side does not slow the polite client's own.
 *
 * For 16 concurrent 30 MB uploads (or 24 of 95 MB) see upload-memory.ts. Linux only (reads /proc).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import { startServerProcess, type ServerProcess } from '../src/testing/server-process.ts';
import { openRawUpload, type RawUpload } from '../src/testing/raw-upload.ts';
import { signUpOnProcess } from '../src/testing/sign-up-mail.ts';

const MIX = process.argv[2] ?? 'flood';
// The flooder process is given the server's address first.
const SECONDS = Number(process.argv[MIX === 'flooder' ? 4 : 3] ?? 15);
const FLOODERS = Number(process.argv[MIX === 'flooder' ? 5 : 4] ?? 1);
const MB = 1024 * 1024;

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Math.round(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/** One upload over a connection of its own from `localAddress`; its status, or the error's code. */
function upload(base: string, localAddress: string, route: string, body: Uint8Array, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve) => {
    const outgoing = request(`${base}${route}`, { method: 'POST', localAddress, agent: false, headers: { ...headers, 'content-length': body.byteLength } }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
      response.on('error', () => resolve(String(response.statusCode)));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
    outgoing.end(body);
  });
}

const count = (counts: Record<string, number>, status: string) => (counts[status] = (counts[status] ?? 0) + 1);

/** The polite client's verifications for `seconds`, one at a time: statuses and goodput. */
async function polite(base: string, jpeg: Uint8Array, seconds: number): Promise<{ goodput: number; statuses: Record<string, number> }> {
  const statuses: Record<string, number> = {};
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  while (performance.now() < until) {
    const status = await upload(base, '127.0.0.100', '/api/v1/verify-content', jpeg, { 'content-type': 'image/jpeg' });
    count(statuses, status);
    if (status === '200') ok += 1;
  }
  return { goodput: ok / seconds, statuses };
}

async function signUp(server: ServerProcess): Promise<string> {
  return (await signUpOnProcess(server, `bench-${Date.now()}@example.com`, 'bench-secret-123')).access_token;
}

/** The flood: FLOODERS addresses, 24 uploads of 1.6 MB each at a time, for SECONDS; prints the statuses. */
async function flooder(base: string): Promise<void> {
  const body = Buffer.alloc(1_600_000);
  body.set(await makeImage('jpeg', 1024, 768, 4));
  const until = performance.now() + SECONDS * 1000;
  const flood: Record<string, number> = {};
  const one = async (address: string) => {
    while (performance.now() < until) count(flood, await upload(base, address, '/api/v1/verify-content', body, { 'content-type': 'image/jpeg' }));
  };
  await Promise.all(Array.from({ length: FLOODERS }, (_, index) => Array.from({ length: 24 }, () => one(`127.0.0.${2 + index}`))).flat());
  console.log(JSON.stringify(flood));
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-hostile-uploads-'));
  // BENCH_SERVER_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const server = await startServerProcess(dataDir, { VERIFY_CACHE_ENTRIES: '0', OCSP: 'off', TRUST_LIST_REFRESH_HOURS: '0' }, undefined, nodeOptions);
  const pid = server.child.pid!;
  const base = server.baseUrl;
  const port = Number(new URL(base).port);
  const jpeg = await makeImage('jpeg', 640, 480, 3);
  try {
    // Warm-up: the engine's workers and the routes' first requests.
    await polite(base, jpeg, 2);
    global.gc?.();
    const idle = memoryMb(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    if (MIX === 'flood') {
      const baseline = await polite(base, jpeg, SECONDS);
      const floodProcess = new Promise<string>((resolve) =>
        execFile(process.execPath, ['--import', 'tsx', import.meta.filename, 'flooder', base, String(SECONDS + 2), String(FLOODERS)], (error, stdout) => resolve(error ? String(error) : stdout.trim())),
      );
      await new Promise((settled) => setTimeout(settled, 1500));
      const underFlood = await polite(base, jpeg, SECONDS);
      const flood = await floodProcess;
      console.log(`polite goodput alone: ${baseline.goodput.toFixed(1)}/s ${JSON.stringify(baseline.statuses)}`);
      console.log(`polite goodput under a flood from ${FLOODERS} address(es): ${underFlood.goodput.toFixed(1)}/s ${JSON.stringify(underFlood.statuses)}`);
      // The flooder's own rate: on one machine its work and the server's share the cores, so a better
      // polite goodput bought by a slower flood would show here.
      const sent = Object.values(JSON.parse(flood.startsWith('{') ? flood : '{}') as Record<string, number>).reduce((sum, n) => sum + n, 0);
      console.log(`flood statuses: ${flood} (${(sent / (SECONDS + 2)).toFixed(0)} requests/s)`);
    } else {
      const token = await signUp(server);
      const trickling: RawUpload[] = [];
      for (let address = 2; address <= 6; address += 1) {
        for (let index = 0; index < 8; index += 1) {
          const slow = await openRawUpload({ port, localAddress: `127.0.0.${address}`, path: '/api/v1/verify-content', headers: { 'content-type': 'image/jpeg', 'content-length': 8 * MB }, first: jpeg.subarray(0, 2) });
          slow.trickle(5_000);
          trickling.push(slow);
        }
      }
      await new Promise((settled) => setTimeout(settled, 1000));
      const boundary = 'bench-boundary';
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"creator":"Bench"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        jpeg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const signing: Record<string, number> = {};
      let slowMix = true;
      const signer = (async () => {
        while (slowMix) count(signing, await upload(base, '127.0.0.101', '/api/v1/sign-content', form, { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` }));
      })();
      const verifying = await polite(base, jpeg, SECONDS);
      slowMix = false;
      await signer;
      for (const slow of trickling) slow.stop();
      console.log(`while 40 bodies of 8 MiB trickle: polite verify ${verifying.goodput.toFixed(1)}/s ${JSON.stringify(verifying.statuses)}; sign ${JSON.stringify(signing)}`);
    }
    await new Promise((settled) => setTimeout(settled, 2000));
    const after = memoryMb(pid);
    console.log(`server RSS idle ${idle.rss} MB, peak ${after.peak} MB (+${after.peak - idle.rss}), 2 s after ${after.rss} MB`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (MIX === 'flooder') await flooder(process.argv[3]!);
else await main();
