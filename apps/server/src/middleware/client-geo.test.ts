import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientGeo } from './client-geo.ts';

/** What clientGeo reads from a request with these headers. */
async function geoOf(headers: Record<string, string>, trustProxy: boolean): Promise<string | null> {
  const app = new Hono().get('/', (c) => c.json({ geo: clientGeo(c, trustProxy) }));
  return ((await (await app.request('/', { headers })).json()) as { geo: string | null }).geo;
}

describe('clientGeo', () => {
  it('ignores CDN geography headers unless a proxy is trusted, since any client can send them', async () => {
    expect(await geoOf({ 'cf-ipcountry': 'FR', 'cf-ipcity': 'Lyon' }, false)).toBeNull();
    expect(await geoOf({ 'cloudfront-viewer-country': 'DE' }, false)).toBeNull();
  });

  it('reads them behind a trusted proxy', async () => {
    expect(await geoOf({ 'cf-ipcountry': 'fr', 'cf-ipcity': 'Saint-%C3%89tienne' }, true)).toBe('Saint-Étienne, FR');
    expect(await geoOf({ 'x-vercel-ip-country': 'DE' }, true)).toBe('DE');
    expect(await geoOf({ 'cf-ipcountry': 'XX' }, true)).toBeNull();
    expect(await geoOf({}, true)).toBeNull();
  });

  it('keeps a city header with a broken percent-encoding as it is', async () => {
    expect(await geoOf({ 'cf-ipcountry': 'FR', 'cf-ipcity': 'Ly%E9on' }, true)).toBe('Ly%E9on, FR');
  });
});
