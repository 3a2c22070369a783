// Serves the built web app (apps/web/dist) when it exists: its static files, and index.html for any
// other GET outside /api so the React router can handle deep links.
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

export function mountWebApp<E extends Env>(app: Hono<E>, distDir: string): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const isApi = (requestPath: string) => requestPath === '/api' || requestPath.startsWith('/api/');
  app.use('*', async (c, next) => {
    if (isApi(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    return serveStatic({ root: distDir })(c, next);
  });
  app.get('*', async (c, next) => {
    if (isApi(c.req.path)) return next();
    const html = await fs.promises.readFile(indexFile, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return true;
}
