// Setup file of the Vitest projects that run property tests (fast-check). `npm test` and CI run them
// with a fixed seed, so a run passes or fails the same way every time; `npm run fuzz` (FUZZ_RUNS set)
// draws a new seed each run to explore. Either way a failing test prints its seed, and FUZZ_SEED
// replays it.
import fc from 'fast-check';
import { afterEach } from 'vitest';

const FIXED_SEED = 20_261_127;
const seed = process.env.FUZZ_SEED !== undefined
  ? Number(process.env.FUZZ_SEED)
  : process.env.FUZZ_RUNS !== undefined ? Math.floor(Math.random() * 0x7fffffff) : FIXED_SEED;
if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
fc.configureGlobal({ seed });

afterEach((context) => {
  if (context.task.result?.state === 'fail') console.error(`fast-check seed ${seed}: FUZZ_SEED=${seed} replays this run`);
});
