// Static asset server for the verify tests, started by Playwright before the app server. It makes
// its assets first: an unsigned PNG, the same PNG signed by the engine's CLI with the run's local
// PKI (the app server, sharing DATA_DIR, trusts that PKI's root), and a tampered copy of the
// signed one. Then it serves them on 127.0.0.1 (which the app server may fetch through
// FETCH_ALLOW_HOSTS=127.0.0.1).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSET_PORT, dataDir } from './e2e-env.ts';
import { makePng, tamperPng } from './png.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const root = path.join(dataDir(), 'e2e-assets');
mkdirSync(root, { recursive: true });

writeFileSync(path.join(root, 'unsigned.png'), makePng());
try {
  execFileSync(
    process.execPath,
    [path.join(repoRoot, 'packages/provenance/bin/provenance.js'), 'sign', path.join(root, 'unsigned.png'), '-o', path.join(root, 'verified.png'), '--creator', 'E2E Photographer', '--data-dir', dataDir()],
    { stdio: 'inherit', cwd: repoRoot },
  );
  writeFileSync(path.join(root, 'invalid.png'), tamperPng(readFileSync(path.join(root, 'verified.png'))));
} catch (error) {
  // Serve what exists: the verify tests that need a signed asset fail with a clear 404 instead of
  // the whole run failing to start.
  console.error('asset server: signing the test asset failed', error);
}

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.mp4': 'video/mp4' };

createServer((req, res) => {
  const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
  const file = path.join(root, name);
  if (name === '' || name === 'health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (!existsSync(file)) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream' }).end(readFileSync(file));
}).listen(ASSET_PORT, '127.0.0.1', () => console.log(`asset server on 127.0.0.1:${ASSET_PORT}, files in ${root}`));
