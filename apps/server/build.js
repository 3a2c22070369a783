// Builds the server for `npm start`: an ES module bundle, dist/main.js (and its chunks), with our workspace packages
// (contracts, engine) compiled in from their TypeScript source, plus dist/engine-worker.js, the
// engine's worker thread (engine-pool.ts starts it from next to the bundle), and
// dist/image-fingerprint-worker.js, the fingerprint's (image-fingerprint.ts starts it the same way). Third-party packages
// stay external and load from node_modules as they are; Node runs the output without tsx.
// No type checking here: that is `npm run typecheck`.
import { rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

// An output folder other than dist/ may be given (the build test uses one); it must stay inside
// this package, whose root the server finds its migrations from.
const outdir = path.resolve(import.meta.dirname, process.argv[2] ?? 'dist');
const require = createRequire(import.meta.url);
const OWN_SCOPE = '@provenance/';
const SKIP = Symbol('resolving for the check');

// Third-party imports are left to Node at run time, resolved from dist/. An import that would then
// find a different copy than the importer's, or none (a package npm nested under one workspace's
// node_modules, such as the engine's pkijs), is bundled from the importer's copy instead, so the
// build never runs against another version.
const externalNodeModules = {
  name: 'external-node-modules',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === SKIP || args.path.startsWith(OWN_SCOPE) || isBuiltin(args.path)) return undefined;
      const resolve = (resolveDir) => build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: SKIP });
      // dist/ has no node_modules of its own, so Node resolves from it as from the package root.
      const [fromImporter, fromDist] = await Promise.all([resolve(args.resolveDir), resolve(import.meta.dirname)]);
      if (fromImporter.errors.length === 0 && fromImporter.path !== fromDist.path) return { path: fromImporter.path, external: false };
      return { path: args.path, external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await esbuild.build({
  entryPoints: {
    main: path.join(import.meta.dirname, 'src/main.ts'),
    'engine-worker': require.resolve('@provenance/engine/worker'),
    'image-fingerprint-worker': path.join(import.meta.dirname, 'src/services/manifest-repository/image-fingerprint-worker.ts'),
  },
  outdir,
  bundle: true,
  // Code only some deployments run (the S3 asset store and its SDK) is imported dynamically and
  // split into its own chunk, so a server without it never loads it (docs/performance.md: memory).
  // Chunks sit beside main.js, so import.meta.url in any of them still finds engine-worker.js.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Errors cross the worker boundary and reach logs by name; bundling must not rename classes.
  keepNames: true,
  plugins: [externalNodeModules],
  logLevel: 'warning',
});
