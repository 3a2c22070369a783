/**
 * The BMFF section of `npm run bench` alone (the 20 MB MP4 taking turns with SHA-256, then 300 MB and
 * 2 GB MP4 files signed with `provenance sign --stream` and verified from disk, each in a process of
 * its own with its peak RSS), run from the checkout given: for comparing two checkouts in turns
 * (docs/performance.md says how). Finds the engine in packages/engine, or packages/provenance in
 * checkouts from before it was renamed.
 *
 *   npx tsx bench/bmff-sections.ts CHECKOUT
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
const engineDir = existsSync(path.join(root, 'packages/engine')) ? 'packages/engine' : 'packages/provenance';
const { runBmffBench } = (await import(pathToFileURL(path.join(root, engineDir, 'bench/bmff-bench.ts')).href)) as { runBmffBench: (log: (text: string) => void) => Promise<unknown> };
await runBmffBench((text) => process.stdout.write(`${text}\n`));
// The bench's children are done; nothing left to wait for.
process.exit(0);
