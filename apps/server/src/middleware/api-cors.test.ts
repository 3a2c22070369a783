import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { apiCors, type ApiCorsOptions } from './api-cors.ts';

const common = { allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: ['X-Request-Id', 'Retry-After'], maxAge: 600 };

function appWith(options: ApiCorsOptions): Hono {
  const app = new Hono();
  app.use('*', apiCors(options));
  app.get('/answer', (c) => c.json({ ok: true }, 200, { vary: 'Accept' }));
  app.get('/fails', () => {
    throw new HTTPException(429, { message: 'slow down' });
  });
  app.onError((error, c) => c.json({ error: error.message }, error instanceof HTTPException ? error.status : 500));
  return app;
}

describe('apiCors', () => {
  const listed = appWith({ ...common, origin: (origin) => (origin === 'https://app.example' ? origin : null) });
  const open = appWith({ ...common, origin: '*' });

  it('lets a listed origin read an answer and its exposed headers, varying on Origin', async () => {
    const response = await listed.request('/answer', { headers: { origin: 'https://app.example' } });
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
    expect(response.headers.get('vary')).toBe('Accept, Origin');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('gives an origin not listed no access, and still varies on Origin', async () => {
    const response = await listed.request('/answer', { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept, Origin');
  });

  it('lets any page read a public answer, without varying on Origin', async () => {
    const response = await open.request('/answer', { headers: { origin: 'https://publisher.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary')).toBe('Accept');
  });

  it('lets the page read an error answer too (a 429 with Retry-After is for its script to see)', async () => {
    const response = await listed.request('/fails', { headers: { origin: 'https://app.example' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ error: 'slow down' });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Request-Id,Retry-After');
  });

  it('answers a preflight with the methods, headers and how long to keep it', async () => {
    const response = await listed.request('/answer', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    expect(response.headers.get('access-control-max-age')).toBe('600');
    const refused = await listed.request('/answer', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
