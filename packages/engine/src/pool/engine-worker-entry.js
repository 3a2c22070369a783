// Worker entry when the engine runs from TypeScript source (tests, tsx): the worker registers the
// loader first. The compiled server runs its bundled engine-worker.js instead (see engine-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
