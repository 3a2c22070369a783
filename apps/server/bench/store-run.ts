/** `npx tsx apps/server/bench/store-run.ts`: the asset store bench alone (BENCH_SECONDS per load, default 5). */
import { runStoreBench } from './store-bench.ts';

await runStoreBench((text) => process.stdout.write(`${text}\n`), { seconds: Number(process.env.BENCH_SECONDS ?? 5) });
