/** `npx tsx apps/server/bench/store-run.ts`: the asset store bench alone (BENCH_SECONDS per load, default 10; BENCH_STORE_ROUNDS, default 2). */
import { runStoreBench } from './store-bench.ts';

await runStoreBench((text) => process.stdout.write(`${text}\n`), { seconds: Number(process.env.BENCH_SECONDS ?? 10), rounds: Number(process.env.BENCH_STORE_ROUNDS ?? 2) });
