/**
 * The engine's sections of `npm run bench` alone (sign and verify beside raw c2pa-wasm, the 20 MB
 * MP4 taking turns with SHA-256; no large files, no HTTP), run from the
 * checkout given: for comparing two engine builds in turns where a whole `npm run bench` would take
 * too long, e.g. two c2pa-wasm versions under one checkout's code (docs/performance.md says how).
 *
 *   npx tsx bench/engine-sections.ts CHECKOUT
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
// The engine's folder: packages/engine, or packages/provenance in checkouts before it was renamed.
const engineDir = existsSync(path.join(root, 'packages/engine')) ? 'packages/engine' : 'packages/provenance';
const from = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(root, file)).href)) as T;
const log = (text: string) => process.stdout.write(`${text}\n`);
process.env.BENCH_LARGE_MP4 = 'off';

type Log = (text: string) => void;
const { startScript } = await from<{ startScript: () => { env: Record<string, string> } }>('apps/server/bench/server-memory.ts');
const { runEngineBench } = await from<{ runEngineBench: (log: Log, env: Record<string, string>) => Promise<unknown> }>(`${engineDir}/bench/engine-bench.ts`);
const { runBmffBench } = await from<{ runBmffBench: (log: Log) => Promise<unknown> }>(`${engineDir}/bench/bmff-bench.ts`);

log(`# Engine sections of npm run bench (${new Date().toISOString()}, Node ${process.version}, ${root})`);
const wasmPackage = JSON.parse(readFileSync(path.join(root, 'node_modules/@contentauth/c2pa-wasm/package.json'), 'utf8')) as { version: string };
log(`c2pa-wasm ${wasmPackage.version}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
await runEngineBench(log, startScript().env);
await runBmffBench(log);
