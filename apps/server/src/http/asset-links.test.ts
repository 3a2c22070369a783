// The links in answers: PUBLIC_URL's when it is set; else the origin the client used, forwarded
// headers counted only behind a trusted proxy, and a Host that is not a bare host[:port] ignored.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiBaseOf, type ApiBaseOptions } from './asset-links.ts';

async function baseFor(options: ApiBaseOptions, headers: Record<string, string>, url = 'http://internal/links'): Promise<string> {
  const app = new Hono().get('/links', (c) => c.text(apiBaseOf(c, options)));
  return (await app.request(url, { headers })).text();
}

const unset = { publicUrl: 'http://localhost:3000', followRequest: true, trustProxy: false };

describe('the API base of the links in an answer', () => {
  it('is PUBLIC_URL when the operator set it, whatever the request says', async () => {
    expect(await baseFor({ publicUrl: 'https://gateway.example.org/', followRequest: false, trustProxy: true }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).toBe('https://gateway.example.org/api/v1');
  });

  it('follows the Host the client used when PUBLIC_URL is unset (PORT alone)', async () => {
    expect(await baseFor(unset, { host: 'gateway.lan:3000' })).toBe('http://gateway.lan:3000/api/v1');
  });

  it('takes X-Forwarded-Host and -Proto only behind a trusted proxy', async () => {
    const forwarded = { host: '10.0.0.5:3000', 'x-forwarded-host': 'news.example', 'x-forwarded-proto': 'https' };
    expect(await baseFor(unset, forwarded)).toBe('http://10.0.0.5:3000/api/v1');
    expect(await baseFor({ ...unset, trustProxy: true }, forwarded)).toBe('https://news.example/api/v1');
  });

  it('falls back to PUBLIC_URL for a Host that is not an origin', async () => {
    expect(await baseFor(unset, { host: 'user:pass@evil.example' })).toBe('http://localhost:3000/api/v1');
    expect(await baseFor(unset, { host: 'evil.example/path' })).toBe('http://localhost:3000/api/v1');
  });
});
