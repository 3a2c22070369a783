import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './db/create-db.ts';
import { openTestDatabase } from './testing/test-databases.ts';
import { createTestServer, readJson, signUpAccount, type TestServer } from './testing/test-server.ts';

// Cross-cutting behaviour of createApp; the database does not matter here, so PGlite only.
describe('createApp', () => {
  let database: DbHandle;
  let server: TestServer;
  let webDir: string;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
    await fs.mkdir(path.join(webDir, 'assets'));
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("app")');
    server = await createTestServer(database, { config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(webDir, { recursive: true, force: true });
  });

  it('puts a request id on every response, and honours a caller-supplied one', async () => {
    const response = await server.request('GET', 'auth/user');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await server.request('GET', 'auth/user', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-abc-123');
  });

  it('sends security headers: strict CSP on the API, no-sniff, DENY framing, HSTS only over TLS', async () => {
    const api = await server.request('GET', 'openapi.json');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('strict-transport-security')).toBeNull();
    const overTls = await server.request('GET', 'openapi.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows CORS for configured origins on the API only', async () => {
    const preflight = await server.request('OPTIONS', 'auth/sign-in', {
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const capacitor = await server.request('GET', 'openapi.json', { headers: { origin: 'capacitor://localhost' } });
    expect(capacitor.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
    const stranger = await server.request('GET', 'openapi.json', { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    const page = await server.request('GET', '/', { headers: { origin: 'https://app.example.com' } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses bodies over the limit with 413', async () => {
    const response = await server.request('POST', 'support-requests', {
      body: { name: 'A', email: 'a@example.com', subject: 'S', message: 'x'.repeat(70 * 1024) },
    });
    expect(response.status).toBe(413);
    expect((await readJson<{ error: { code: string } }>(response)).error.code).toBe('payload_too_large');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.request('GET', 'no-such-thing');
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/v1/no-such-thing' } });
  });

  it('hides internal errors behind a bare 500 and logs them with the request id', async () => {
    // A fresh app, since routes can only be added before the first request.
    const failing = await createTestServer(database);
    failing.app.get('/api/v1/test-only-failure', () => {
      throw new Error('database exploded at /secret/path');
    });
    const response = await failing.request('GET', 'test-only-failure');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    expect(text).not.toContain('exploded');
    const requestId = response.headers.get('x-request-id');
    expect(failing.logLines.some((line) => line.includes('"unhandled error"') && line.includes(String(requestId)))).toBe(true);
  });

  it('serves the OpenAPI 3.1 document generated from the contracts', async () => {
    const response = await server.request('GET', 'openapi.json');
    expect(response.status).toBe(200);
    const doc = await readJson<{ openapi: string; paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>(response);
    expect(doc.openapi).toBe('3.1.0');
    // Other resources add their own paths; the account ones must all be there.
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/account', '/account/api-keys', '/account/api-keys/{type}/regenerate', '/account/email', '/account/notifications',
      '/account/password', '/auth/confirm-sign-up', '/auth/demo', '/auth/refresh', '/auth/sign-in', '/auth/sign-out', '/auth/sign-up', '/auth/user',
      '/support-requests',
    ]));
    expect(Object.keys(doc.paths['/account/notifications'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(doc.components.schemas).toHaveProperty('Session');
    expect(doc.components.schemas).toHaveProperty('ErrorResponse');
  });

  it('serves the web app with its CSP, and index.html for client-side routes', async () => {
    const script = await server.request('GET', '/assets/app.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log("app")');
    const deepLink = await server.request('GET', '/settings');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('content-type')).toContain('text/html');
    expect(await deepLink.text()).toContain('<div id="root">');
    expect(deepLink.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'",
    );
  });

  it('logs requests as JSON without passwords, tokens or keys', async () => {
    const account = await signUpAccount(server, undefined, 'very-secret-password');
    const key = await readJson<{ key: { secret: string } }>(
      await server.request('POST', 'account/api-keys/test/regenerate', { token: account.session.access_token }),
    );
    await server.request('GET', 'auth/user?token=query-secret', { token: key.key.secret });
    await server.request('POST', 'auth/sign-in', { body: { email: account.email, password: 'wrong-secret-password' } });
    const lines = server.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.msg === 'request' && line.path === '/api/v1/auth/sign-up' && line.status === 202 && typeof line.requestId === 'string')).toBe(true);
    const all = server.logLines.join('\n');
    for (const secret of ['very-secret-password', 'wrong-secret-password', account.session.access_token, account.session.refresh_token, key.key.secret, 'query-secret']) {
      expect(all).not.toContain(secret);
    }
  });
});
