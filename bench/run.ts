/**
 * `npm run bench`: every benchmark of the project in one run, printed as Markdown tables.
 * Figures are medians and ratios: these machines are shared and noisy.
 */
import { runEngineBench } from '../packages/provenance/bench/engine-bench.ts';

const log = (text: string) => process.stdout.write(`${text}\n`);

log(`# Provenance Gateway benchmarks (${new Date().toISOString()}, Node ${process.version})`);
await runEngineBench(log);
