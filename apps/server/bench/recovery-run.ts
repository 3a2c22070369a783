/** `npx tsx apps/server/bench/recovery-run.ts`: the recovery bench alone (BENCH_RECOVERY=full for the full set). */
import { CORPUS_DIR, hasCorpus } from '../../../packages/engine/src/testing/shared-corpus.ts';
import { runRecoveryBench } from './recovery-bench.ts';

await runRecoveryBench((text) => process.stdout.write(`${text}\n`), hasCorpus ? { corpusDir: CORPUS_DIR } : {});
