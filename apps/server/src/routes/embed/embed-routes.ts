// GET /embed/content-credentials.js: the badge script (@provenance/badge's build) that publishers load
// from their own pages. It is the one file of this server any origin may load: CORS `*` and a
// cross-origin resource policy for it alone, a long cache revalidated by ETag, read from disk
// when it changes so a rebuilt badge is served without a restart. createApp registers it before
// the app-wide security headers, which would otherwise make it same-origin.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Env, Hono } from 'hono';

export const EMBED_SCRIPT_PATH = '/embed/content-credentials.js';

const SCRIPT_NAME = 'content-credentials.js';
const require = createRequire(import.meta.url);

/** The built script through the badge package's exports; null until it is built (resolving checks the file exists). */
function resolveBuiltScript(): string | null {
  try {
    return require.resolve(`@provenance/badge/${SCRIPT_NAME}`);
  } catch {
    return null;
  }
}

/** A week, then revalidated: the script's address has no version, so fixes must reach pages. */
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

interface Loaded {
  mtimeMs: number;
  body: Uint8Array;
  etag: string;
}

export function registerEmbedRoutes<E extends Env>(app: Hono<E>, options: { distDir?: string } = {}): void {
  const configured = options.distDir ? path.join(options.distDir, SCRIPT_NAME) : null;
  let cached: Loaded | null = null;

  async function load(): Promise<Loaded | null> {
    // Resolved on each request, so a badge built after the server started is found.
    const file = configured ?? resolveBuiltScript();
    if (!file) return null;
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      const body = new Uint8Array(await fs.promises.readFile(file));
      cached = { mtimeMs: stat.mtimeMs, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return cached;
  }

  app.get(EMBED_SCRIPT_PATH, async (c) => {
    const script = await load();
    if (!script) {
      return c.json({ error: { code: 'not_found', message: 'The badge script is not built: run npm run build -w @provenance/badge' } }, 404);
    }
    // Mounted before the app's security headers (whose policy is same-origin), so it sets its own.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('ETag', script.etag);
    if (c.req.header('If-None-Match') === script.etag) return c.body(null, 304);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    return c.body(script.body as Uint8Array<ArrayBuffer>, 200);
  });
}
