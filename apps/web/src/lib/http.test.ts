import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request } from './http';

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends JSON with the bearer token to the same-origin API', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(request('/verify-content', { json: { assetUrl: 'https://x.test/a.jpg' }, accessToken: 'tok' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/verify-content');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('turns the API error shape into a typed ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } }), { status: 401 })));
    const error = await request('/auth/sign-in', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('/openapi.json')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('returns undefined for 204', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    await expect(request('/auth/sign-out', { method: 'POST' })).resolves.toBeUndefined();
  });
});
