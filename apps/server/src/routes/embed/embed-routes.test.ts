import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../middleware/security-headers.ts';
import { EMBED_SCRIPT_PATH, registerEmbedRoutes } from './embed-routes.ts';

function appWith(distDir: string) {
  // The same order as createApp: embed routes first, then the app-wide security headers.
  const app = new Hono();
  registerEmbedRoutes(app, { distDir });
  app.use('*', securityHeaders({ trustProxy: false }));
  app.get('/other.js', (c) => c.text('x'));
  return app;
}

describe('GET /embed/content-credentials.js', () => {
  it('serves the built badge as JavaScript any origin may load, with a long cache and an ETag', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'badge-dist-'));
    writeFileSync(path.join(dir, 'content-credentials.js'), '(()=>{})();');
    const app = appWith(dir);
    const response = await app.request(EMBED_SCRIPT_PATH, { headers: { Origin: 'https://publisher.example' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('(()=>{})();');
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(response.headers.get('Cache-Control')).toContain('max-age=604800');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');

    const again = await app.request(EMBED_SCRIPT_PATH, { headers: { 'If-None-Match': response.headers.get('ETag')! } });
    expect(again.status).toBe(304);
  });

  it('serves a rebuilt script without a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'badge-dist-'));
    const file = path.join(dir, 'content-credentials.js');
    writeFileSync(file, 'one');
    const app = appWith(dir);
    expect(await (await app.request(EMBED_SCRIPT_PATH)).text()).toBe('one');
    writeFileSync(file, 'two-longer');
    const { utimesSync } = await import('node:fs');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(await (await app.request(EMBED_SCRIPT_PATH)).text()).toBe('two-longer');
  });

  it('answers 404 in the API error shape when the badge is not built, and leaves other files same-origin', async () => {
    const app = appWith(mkdtempSync(path.join(tmpdir(), 'badge-empty-')));
    const response = await app.request(EMBED_SCRIPT_PATH);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const other = await app.request('/other.js');
    expect(other.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
