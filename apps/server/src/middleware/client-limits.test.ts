import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { DEFAULT_PUBLIC_LIMITS, type PublicLimitRules } from '../services/rate-limits/public-limits.ts';
import type { Services } from '../services/create-services.ts';
import { createGatewayTestServer, TEST_MAX_ASSET_BYTES } from '../testing/gateway-fixture.ts';
import { openTestDatabase } from '../testing/test-databases.ts';
import { createTestServer, GENEROUS_PUBLIC_LIMITS, readJson, signUpAccount, type TestServer } from '../testing/test-server.ts';

const CLIENT_A = '203.0.113.10';
const CLIENT_B = '203.0.113.20';

/** The file itself as the body, from one client address (the test server trusts X-Forwarded-For). */
function verifyUpload(server: TestServer, bytes: Uint8Array, ip: string): Promise<Response> {
  return Promise.resolve(server.app.request('/api/v1/verify-content', { method: 'POST', body: new Blob([bytes]), headers: { 'content-type': 'image/png', 'x-forwarded-for': ip } }));
}

describe('fair share of the public endpoints per client', () => {
  let database: DbHandle;
  let gateway: Services;
  let close: () => Promise<void>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ gateway, close } = await createGatewayTestServer(database));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  /**
   * The engine holds the first `count` verifications until `release`, so their requests stay in
   * progress; `held` resolves once all of them are held, `restore` lets everything through again.
   */
  function holdVerifications(count: number): { held: Promise<void>; release: () => void; restore: () => void } {
    const original = gateway.engine.verify;
    let calls = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let allHeld!: () => void;
    const held = new Promise<void>((resolve) => (allHeld = resolve));
    Object.assign(gateway.engine, {
      verify: async (...args: Parameters<typeof original>) => {
        calls += 1;
        if (calls <= count) {
          if (calls === count) allHeld();
          await released;
        }
        return original(...args);
      },
    });
    return {
      held,
      release,
      restore: () => {
        release();
        Object.assign(gateway.engine, { verify: original });
      },
    };
  }

  /** A server with the product's defaults, or with `changes` over limits no other test reaches. */
  const serverWith = (rules: Partial<PublicLimitRules> | 'defaults') =>
    createTestServer(database, { engine: gateway.engine, store: gateway.store, config: { maxAssetBytes: TEST_MAX_ASSET_BYTES }, publicLimits: rules === 'defaults' ? DEFAULT_PUBLIC_LIMITS : { ...GENEROUS_PUBLIC_LIMITS, ...rules } });

  it('answers 429 with Retry-After to a client holding its share of slow verifications, while another client is served', async () => {
    const server = await serverWith('defaults');
    const share = DEFAULT_PUBLIC_LIMITS.verify.concurrent;
    // The engine holds the first `share` verifications until released, so client A keeps them in progress.
    const { held, release, restore } = holdVerifications(share);
    try {
      const images = await Promise.all(Array.from({ length: share + 2 }, (_, index) => makeImage('png', 64, 48, 500 + index)));
      const slow = images.slice(0, share).map((image) => verifyUpload(server, image, CLIENT_A));
      await held;

      const turnedAway = await verifyUpload(server, images[share]!, CLIENT_A);
      expect(turnedAway.status).toBe(429);
      expect(turnedAway.headers.get('retry-after')).toBe('1');
      expect((await readJson<{ error: { code: string } }>(turnedAway)).error.code).toBe('rate_limited');

      const other = await verifyUpload(server, images[share + 1]!, CLIENT_B);
      expect(other.status).toBe(200);

      release();
      expect((await Promise.all(slow)).map((response) => response.status)).toEqual(Array(share).fill(200));
      // The slots are given back once the verifications are answered.
      expect((await verifyUpload(server, images[share]!, CLIENT_A)).status).toBe(200);
    } finally {
      restore();
    }
  });

  it('when the endpoint is crowded, a client with requests in progress waits while a client with none is served (a flood from many addresses)', async () => {
    const crowdedAt = 12;
    const server = await serverWith({ verify: { concurrent: 8, crowdedAt } });
    const { held, release, restore } = holdVerifications(crowdedAt);
    try {
      const images = await Promise.all(Array.from({ length: crowdedAt + 2 }, (_, index) => makeImage('png', 64, 48, 700 + index)));
      // Two flooding clients fill the endpoint: A its whole share, B part of its own.
      const slow = [...images.slice(0, 8).map((image) => verifyUpload(server, image, CLIENT_A)), ...images.slice(8, crowdedAt).map((image) => verifyUpload(server, image, CLIENT_B))];
      await held;
      // B is within its own share, but has requests in progress on a crowded endpoint: it waits.
      const waits = await verifyUpload(server, images[crowdedAt]!, CLIENT_B);
      expect(waits.status).toBe(429);
      expect(waits.headers.get('retry-after')).toBe('1');
      expect(waits.headers.get('connection')).toBe('close');
      // A client with nothing in progress is served at once.
      expect((await verifyUpload(server, images[crowdedAt + 1]!, '203.0.113.30')).status).toBe(200);
      release();
      expect((await Promise.all(slow)).map((response) => response.status)).toEqual(Array(crowdedAt).fill(200));
    } finally {
      restore();
    }
  });

  it('never throttles a client sending one verification at a time', async () => {
    const server = await serverWith('defaults');
    const image = await makeImage('png', 64, 48, 900);
    const statuses: number[] = [];
    for (let index = 0; index < 60; index += 1) statuses.push((await verifyUpload(server, image, CLIENT_A)).status);
    expect(statuses).toEqual(Array(60).fill(200));
  });

  it('rate-limits support requests per client with Retry-After; other clients and signed-in callers keep their own share', async () => {
    const server = await serverWith({ support: { concurrent: 8, rate: { limit: 2, windowSeconds: 3600 } } });
    const request = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about badges' };
    const send = (ip: string, token?: string) => server.request('POST', 'support-requests', { ip, body: request, ...(token && { token }) });
    expect((await send('198.51.100.70')).status).toBe(201);
    expect((await send('198.51.100.70')).status).toBe(201);
    const limited = await send('198.51.100.70');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await send('198.51.100.71')).status).toBe(201);
    // A signed-in caller counts as its account, not as the address it shares.
    const { session } = await signUpAccount(server);
    expect((await send('198.51.100.70', session.access_token)).status).toBe(201);
  });

  it('rate-limits analytics events per client with Retry-After', async () => {
    const server = await serverWith({ track: { concurrent: 8, rate: { limit: 3, windowSeconds: 60 } } });
    const track = (ip: string) => server.request('POST', 'track-analytics', { ip, body: { eventType: 'badge_view', data: { assetId: 'urn:c2pa:not-ours' } } });
    for (let index = 0; index < 3; index += 1) expect((await track('198.51.100.80')).status).toBe(200);
    const limited = await track('198.51.100.80');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await track('198.51.100.81')).status).toBe(200);
  });

  it('limits status images per client too', async () => {
    const server = await serverWith({ statusImage: { concurrent: 0 } });
    const response = await server.request('GET', 'badge/urn:c2pa:unknown.svg');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
  });
});
