// The web app's static files: the precompressed copy the browser accepts (brotli before gzip, the
// plain file otherwise), Vary on files that have copies, a year of immutable caching for hashed
// bundles, revalidation for index.html with a 304 when nothing changed, and no way out of dist/.
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, mountWebApp } from './web-app.ts';

const SCRIPT = 'console.log("landing");'.repeat(50);
const INDEX = '<!doctype html><div id="root"></div>';

describe('web app files', () => {
  let dist: string;
  const app = new Hono();
  const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(tmpdir(), 'web-app-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), INDEX);
    await fs.writeFile(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    await fs.writeFile(path.join(dist, 'assets', 'logo-def456.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(path.join(path.dirname(dist), 'secret.txt'), 'outside');
    mountWebApp(app, dist);
  });
  afterAll(async () => {
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with Vary and a year of immutable caching', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);
    const refused = await get('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('caches hashed files without copies too, and asks again for unhashed ones', async () => {
    const image = await get('/assets/logo-def456.png', { 'accept-encoding': 'br' });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves index.html for the root and deep links, compressed, revalidated, 304 when unchanged', async () => {
    for (const url of ['/', '/v/urn:c2pa:abc', '/settings']) {
      const page = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('content-encoding')).toBe('gzip');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toBe(INDEX);
    }
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // The plain and the compressed copy are different bodies, so they never share a validator.
    const plain = await get('/');
    expect(plain.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('never serves a file outside the build, and leaves the API alone', async () => {
    const escape = await get('/..%2Fsecret.txt');
    expect(await escape.text()).not.toContain('outside');
    const api = await get('/api/v1/nothing');
    expect(api.status).toBe(404);
  });

  it('reads Accept-Encoding with its quality values', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
