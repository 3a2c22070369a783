/** Probe (perf-verify): POST /sign-content on the bench's server (1 engine worker): per-signing p50 one at a time; PROBE_CONC=N: signings/s and server CPU per signing with N at once for 4 s; PROBE_SQL=on: the statements per signing. */
import { join } from 'node:path';
import { makeSizedImage } from '../packages/engine/bench/sized-image.ts';
import { hasCorpus } from '../packages/engine/src/testing/shared-corpus.ts';
import { startServer } from '../apps/server/bench/http-bench.ts';
import { PGlite } from '@electric-sql/pglite';

// Counts the statements the database runs per signing (PROBE_SQL=on): each method's calls and their SQL.
const statements = new Map<string, number>();
let counting = false;
if (process.env.PROBE_SQL === 'on') {
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (PGlite.prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[method]!;
    (PGlite.prototype as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      if (counting) { const key = `${method}: ${typeof args[0] === 'string' ? args[0].replace(/\s+/g, ' ').slice(0, 110) : '(fn)'}`; statements.set(key, (statements.get(key) ?? 0) + 1); }
      return original.apply(this, args);
    };
  }
}

const anchorFile = join(import.meta.dirname, '../../shared/corpus/trust/C2PA-TRUST-LIST.pem');
const server = await startServer({ workers: 1, cache: false, trustAnchorFiles: hasCorpus ? [anchorFile] : [] });
const bytes = await makeSizedImage('jpeg', 100_000);
const token = await server.signUp();
const times: number[] = [];
const cpus: number[] = [];
const n = Number(process.env.PROBE_RUNS ?? 40);
for (let i = 0; i < n; i += 1) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'photo-100k.jpg');
  form.append('metadata', JSON.stringify({ creator: 'Bench', aiAssisted: true }));
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  const used = process.cpuUsage(cpu);
  if (i === 4) counting = true;
  if (i >= 5) { times.push(performance.now() - started); cpus.push((used.user + used.system) / 1000); }
}
if (process.env.PROBE_CONC) {
  const conc = Number(process.env.PROBE_CONC);
  let done = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => {
    while (performance.now() - t0 < 4000) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'photo-100k.jpg');
      form.append('metadata', JSON.stringify({ creator: 'Bench', aiAssisted: true }));
      if (process.env.PROBE_ORG) form.append('organization', 'Bench Newsroom');
      const response = await fetch(`${server.url}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      done += 1;
    }
  }));
  const used = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  console.log(`concurrency ${conc}: ${(done / seconds).toFixed(1)} signings/s, cpu per signing ${((used.user + used.system) / 1000 / done).toFixed(1)} ms`);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`sign-content p50 wall ${median(times).toFixed(1)} ms, cpu ${median(cpus).toFixed(1)} ms`);
counting = false;
if (process.env.PROBE_SQL === 'on') {
  const total = [...statements.values()].reduce((a, b) => a + b, 0);
  console.log(`statements per signing: ${(total / (n - 5)).toFixed(1)}`);
  for (const [key, count] of [...statements].sort((a, b) => b[1] - a[1])) console.log(`${(count / (n - 5)).toFixed(2).padStart(6)}  ${key}`);
}
await server.stop();
process.exit(0);
