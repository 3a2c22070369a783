// Lint rules for the whole monorepo, including the import boundaries of DESIGN.md section 1:
// web -> contracts; server -> contracts, provenance, safe-fetch; provenance -> nothing of ours
// (its CLI, src/cli, -> safe-fetch); safe-fetch -> nothing of ours;
// inside the web app: app -> features -> shared, never feature -> feature.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

// One zone per web feature: a feature may import shared code, never another feature.
const FEATURES_DIR = './apps/web/src/features';
const featureZones = existsSync(FEATURES_DIR)
  ? readdirSync(FEATURES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => ({
        target: `${FEATURES_DIR}/${entry.name}`,
        from: FEATURES_DIR,
        except: [`./${entry.name}`],
        message: 'A feature never imports another feature: move shared code to src/components or src/lib.',
      }))
  : [];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/android/**', '**/ios/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    // Resolve imports as TypeScript does (extensions, the web app's `@/` alias), so the path zones
    // apply. (eslint-import-resolver-typescript needs unrs-resolver, whose platform bindings the
    // registry here does not fully carry, which breaks `npm ci`.)
    settings: {
      'import/resolver': {
        // c2pa-wasm's .wasm is imported with Vite's ?url suffix, which node's resolver refuses: point it at the file (keys are regexes).
        // c2pa-ts (a test-only second reader) exports its subpaths for `import` only, which the require-based resolver refuses: point at its build.
        alias: { map: [['@', './apps/web/src'], ['@contentauth/c2pa-wasm/c2pa\\.wasm\\?url', './node_modules/@contentauth/c2pa-wasm/pkg/c2pa_bg.wasm'], ['@trustnxt/c2pa-ts', './node_modules/@trustnxt/c2pa-ts/dist']], extensions: ['.ts', '.tsx', '.js', '.json'] },
        node: { extensions: ['.ts', '.tsx', '.js', '.json'] },
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/engine', from: ['./apps', './packages/contracts', './packages/badge'], message: 'The engine depends on nothing of ours.' },
            { target: './packages/contracts', from: ['./apps', './packages/engine', './packages/safe-fetch'], message: 'Contracts are leaf schemas.' },
            { target: './packages/safe-fetch', from: ['./apps', './packages/contracts', './packages/engine', './packages/badge'], message: 'The safe fetcher depends on nothing of ours.' },
            { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
            { target: './apps/web', from: ['./apps/server', './packages/safe-fetch'], message: 'The web app talks to the server only through contracts and HTTP.' },
            // The one exception: the engine's node-free report builder, so a verification in the browser says what the server says.
            { target: './apps/web', from: './packages/engine', except: ['./src/report/browser.ts', './src/soft-binding/iscc-image-code.ts'], message: 'The web app talks to the server only through contracts and HTTP (the engine\'s node-free report builder and ISCC Image-Code, @provenance/engine/report and /soft-binding, are the exceptions).' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Shared UI never imports features or the app shell.' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Shared code never imports features or the app shell.' },
            { target: './apps/web/src/platform', from: ['./apps/web/src/features', './apps/web/src/app'], message: 'Platform adapters never import features.' },
            ...featureZones,
          ],
        },
      ],
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/platform/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@capacitor/*'], message: 'Only src/platform/ imports @capacitor/*.' }] }],
    },
  },
  {
    // The engine never touches the network; only its command-line tool fetches, through the safe fetcher.
    files: ['packages/engine/**/*.ts'],
    ignores: ['packages/engine/src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@provenance/safe-fetch', '**/safe-fetch', '**/safe-fetch/**'], message: 'Only the CLI (src/cli) fetches: the engine never touches the network.' }] }],
    },
  },
  {
    // The server is one stack: routes -> services -> database access and the engine. Services know
    // nothing of HTTP (they throw DomainError; http/error-handler.ts maps it), and routes reach the
    // database only through services.
    files: ['apps/server/src/services/**/*.ts', 'apps/server/src/scheduled-tasks/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['hono', 'hono/*', '@hono/*', '**/http/**', '**/routes/**', '**/middleware/**', '**/app.ts'], message: 'Services know nothing of HTTP: throw a DomainError and let the HTTP layer map it.' }] }],
    },
  },
  {
    files: ['apps/server/src/middleware/**/*.ts', 'apps/server/src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/db/**', 'drizzle-orm', 'drizzle-orm/*'], message: 'The HTTP layer reaches the database only through services.' }] }],
    },
  },
  {
    // Routes only route: they reach the database and the engine only through services, and take the
    // engine's types from the contracts (types included: an `import type` is refused too).
    files: ['apps/server/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db/**', 'drizzle-orm', 'drizzle-orm/*'], message: 'The HTTP layer reaches the database only through services.' },
            { group: ['@provenance/engine', '@provenance/engine/*', '**/packages/engine/**'], message: 'Routes never import the engine: call a service, and take types from @provenance/contracts.' },
          ],
        },
      ],
    },
  },
  {
    // No import loops anywhere: layers of the web app import one way only (lib/http <- lib/auth <-
    // lib/api <- features), and so do the server's folders (routes -> services -> db) and the
    // packages. The TypeScript modules must be parsed for the rule to follow them, hence the two settings.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/**/*.ts', 'packages/*/**/*.{ts,tsx}'],
    settings: { 'import/extensions': ['.ts', '.tsx'], 'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] } },
    rules: { 'import/no-cycle': 'error' },
  },
);
