// Worker entry: the engine is TypeScript run from source, so the worker registers the loader first.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
