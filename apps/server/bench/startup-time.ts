/**
 * Start-up time of the server: from spawning the process to its first 200 on
 * GET /api/v1/openapi.json, run from TypeScript source through tsx and from the compiled build
 * (dist/main.js, `npm run build -w @provenance/server` first). One unmeasured start prepares the
 * data directory (migrations, PKI) so every measured start finds the same state.
 *
 *   npx tsx apps/server/bench/startup-time.ts [runs=3] [source|dist ...]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const MODES = {
  source: ['--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')],
  // As `npm start` runs it.
  dist: ['--enable-source-maps', path.join(SERVER_DIR, 'dist/main.js')],
} as const;
type Mode = keyof typeof MODES;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawn to the first 200 on the OpenAPI document; the server is stopped after. */
async function startOnce(mode: Mode, dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...MODES[mode]], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', TSA_URL: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let crashed = false;
  void exited.then(() => (crashed = true));
  try {
    for (;;) {
      if (crashed) throw new Error(`${mode}: the server exited before answering`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const runs = Number(process.argv[2] ?? 3);
const modes = (process.argv.slice(3).length > 0 ? process.argv.slice(3) : Object.keys(MODES)) as Mode[];
if (modes.includes('dist') && !existsSync(MODES.dist[1])) throw new Error('No build: run npm run build -w @provenance/server first');

const dataDir = mkdtempSync(path.join(tmpdir(), 'startup-time-'));
try {
  await startOnce(modes[0]!, dataDir);
  const results = new Map<Mode, number[]>(modes.map((mode) => [mode, []]));
  // Alternating modes, so a busy moment on the machine does not land on one mode only.
  for (let run = 0; run < runs; run++) {
    for (const mode of modes) results.get(mode)!.push(await startOnce(mode, dataDir));
  }
  for (const [mode, times] of results) {
    console.log(`${mode.padEnd(6)} median ${median(times).toFixed(0)} ms  (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
