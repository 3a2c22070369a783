// The server's start script (apps/server/package.json, what `npm start` runs) read as its environment
// assignments and node options, so tests and the memory bench run the built server exactly as deployed.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StartScript {
  /** Variables the script sets before `node` (glibc's malloc settings). */
  env: Record<string, string>;
  /** Options given to node before the bundle (V8's heap settings, source maps). */
  nodeOptions: string[];
}

export function startScript(): StartScript {
  const packageJson = path.join(import.meta.dirname, '../../package.json');
  const { scripts } = JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node < 0 || words.at(-1) !== 'dist/main.js') throw new Error(`unexpected start script: ${scripts.start}`);
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string]));
  return { env, nodeOptions: words.slice(node + 1, -1) };
}
