// Worker entry when the server runs from TypeScript source (tests, tsx): the worker registers the
// loader first. The compiled server runs its bundled image-fingerprint-worker.js instead (build.js).
import { register } from 'tsx/esm/api';

register();
await import('./image-fingerprint-worker.ts');
