// Serves the built web app (apps/web/dist) when it exists: its static files, and index.html for any
// other GET outside /api so the React router can handle deep links. Files the build precompressed
// (.br, .gz beside the original) go out in the best encoding the browser accepts; hashed bundles
// under /assets/ are cached for a year, everything else is revalidated on each visit.
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';

/** Encodings the build writes beside each file, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

// Vite puts a content hash in every file name under assets/, so a changed file is a new URL.
export const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html and unhashed public files (icons, manifest) keep their names across releases:
// the browser keeps them but asks each time, and a 304 costs a few hundred bytes.
export const REVALIDATE = 'no-cache';

/** The encodings a request accepts (q=0 means refused), from its Accept-Encoding header. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  return accepted;
}

/** A regular file inside distDir for this URL path, or null (directories, escapes, missing files). */
function fileFor(distDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = path.join(distDir, path.normalize(decoded));
  if (!file.startsWith(distDir + path.sep)) return null;
  try {
    return fs.statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

async function sendFile(c: Context, distDir: string, file: string): Promise<Response> {
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  let body = file;
  let encoding: string | null = null;
  for (const candidate of ENCODINGS) {
    if (accepted.has(candidate.name) && fs.existsSync(file + candidate.suffix)) {
      body = file + candidate.suffix;
      encoding = candidate.name;
      break;
    }
  }
  const stats = await fs.promises.stat(body);
  const hashed = path.relative(distDir, file).startsWith(`assets${path.sep}`);
  const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(file) ?? 'application/octet-stream',
    'Cache-Control': hashed ? IMMUTABLE : REVALIDATE,
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
  };
  // Caches between the server and the browser must keep one copy per encoding.
  if (ENCODINGS.some((candidate) => fs.existsSync(file + candidate.suffix))) headers['Vary'] = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  c.header('Content-Length', String(stats.size));
  if (c.req.method === 'HEAD') return c.body(null, 200);
  return c.body(await fs.promises.readFile(body), 200);
}

export function mountWebApp<E extends Env>(app: Hono<E>, distDir: string): boolean {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const isApi = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');
  app.use('*', async (c, next) => {
    if (isApi(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const file = fileFor(root, c.req.path);
    return file ? sendFile(c, root, file) : next();
  });
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    return sendFile(c, root, indexFile);
  });
  return true;
}
