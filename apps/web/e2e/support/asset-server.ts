// Static asset server for the verify tests, started by Playwright before the app server. It makes
// its assets first: an unsigned PNG, the same PNG signed by the engine's CLI with the run's local
// PKI (the app server, sharing DATA_DIR, trusts that PKI's root), and a tampered copy of the
// signed one. Then it serves them on 127.0.0.1 (which the app server may fetch through
// FETCH_ALLOW_HOSTS=127.0.0.1), as most publishers serve pictures: with ETag and Last-Modified (a
// matching If-None-Match gets 304) and without CORS headers; under /cors/ the same files carry
// Access-Control-Allow-Origin: *, so a page may read their bytes. Specs may add files to its folder
// while it runs; /__requests lists what it answered (path, status, body bytes, and whether the
// gateway or a browser asked), for the badge's cost per view.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
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
    [path.join(repoRoot, 'packages/engine/bin/provenance.js'), 'sign', path.join(root, 'unsigned.png'), '-o', path.join(root, 'verified.png'), '--creator', 'E2E Photographer', '--data-dir', dataDir()],
    { stdio: 'inherit', cwd: repoRoot },
  );
  writeFileSync(path.join(root, 'invalid.png'), tamperPng(readFileSync(path.join(root, 'verified.png'))));
} catch (error) {
  // Serve what exists: the verify tests that need a signed asset fail with a clear 404 instead of
  // the whole run failing to start.
  console.error('asset server: signing the test asset failed', error);
}

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.mp4': 'video/mp4' };

/** What the server answered, oldest first. */
const answered: { path: string; status: number; bytes: number; by: 'gateway' | 'browser' }[] = [];

createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  const name = path.basename(pathname);
  const file = path.join(root, name);
  if (name === '' || name === 'health') {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  if (pathname === '/__requests') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answered));
    return;
  }
  const by = (req.headers['user-agent'] ?? '').startsWith('ProvenanceGateway') ? 'gateway' : 'browser';
  const cors = pathname.startsWith('/cors/') ? { 'Access-Control-Allow-Origin': '*' } : {};
  if (!existsSync(file)) {
    answered.push({ path: pathname, status: 404, bytes: 0, by });
    res.writeHead(404, cors).end('not found');
    return;
  }
  const bytes = readFileSync(file);
  const validators = { ETag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}"`, 'Last-Modified': statSync(file).mtime.toUTCString() };
  if (req.headers['if-none-match'] === validators.ETag) {
    answered.push({ path: pathname, status: 304, bytes: 0, by });
    res.writeHead(304, { ...validators, ...cors }).end();
    return;
  }
  answered.push({ path: pathname, status: 200, bytes: bytes.byteLength, by });
  res.writeHead(200, { 'Content-Type': TYPES[path.extname(name)] ?? 'application/octet-stream', ...validators, ...cors }).end(bytes);
}).listen(ASSET_PORT, '127.0.0.1', () => console.log(`asset server on 127.0.0.1:${ASSET_PORT}, files in ${root}`));
