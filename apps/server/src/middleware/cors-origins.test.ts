import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { openTestDatabase } from '../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../testing/test-server.ts';

describe('CORS origins of the account API', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database.close());

  const servers = new Map<boolean | undefined, TestServer>();
  async function allowedOrigin(development: boolean | undefined, origin: string): Promise<string | null> {
    let server = servers.get(development);
    if (!server) {
      server = await createTestServer(database, { config: { publicUrl: 'https://gateway.example', ...(development !== undefined && { development }) } });
      servers.set(development, server);
    }
    const preflight = await server.request('OPTIONS', 'auth/user', { headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    return preflight.headers.get('access-control-allow-origin');
  }

  it('allows the iOS app and PUBLIC_URL always, but no localhost page outside development (https://localhost included)', async () => {
    for (const development of [undefined, false]) {
      expect(await allowedOrigin(development, 'capacitor://localhost')).toBe('capacitor://localhost');
      expect(await allowedOrigin(development, 'https://gateway.example')).toBe('https://gateway.example');
      for (const origin of ['https://localhost', 'http://localhost', 'http://localhost:5173', 'http://127.0.0.1:3000']) expect(await allowedOrigin(development, origin)).toBeNull();
    }
  });

  it('allows the Android app’s https://localhost when CORS_ORIGINS names it, or in development', async () => {
    const configured = await createTestServer(database, { config: { publicUrl: 'https://gateway.example', corsOrigins: ['https://localhost'] } });
    const preflight = await configured.request('OPTIONS', 'auth/user', { headers: { origin: 'https://localhost', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://localhost');
    expect(await allowedOrigin(true, 'https://localhost')).toBe('https://localhost');
  });

  it('allows http://localhost dev servers in development, and only loopback ones', async () => {
    for (const origin of ['http://localhost', 'http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8081']) expect(await allowedOrigin(true, origin)).toBe(origin);
    for (const origin of ['http://localhost.evil.example', 'http://192.168.1.2:5173', 'http://localhost:5173/path', 'null']) expect(await allowedOrigin(true, origin)).toBeNull();
  });
});
