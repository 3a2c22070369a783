import type { TSignContentResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readJson, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { statusImageSvg } from './status-image-routes.ts';

describe('GET /badge/{manifestId}.svg', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    assets = await startLocalAssetServer();
  });
  afterAll(async () => {
    assets.close();
    await database.close();
  });

  it('draws the verified status image for an asset we signed, cacheable and embeddable from any site', async () => {
    const { session } = await signUpAccount(server);
    const signed = await readJson<TSignContentResponse>(await server.request('POST', 'sign-content', { token: session.access_token, body: { assetUrl: assets.publish('/b.jpg', await makeImage('jpeg')), metadata: { creator: 'Ada' } } }));
    const response = await server.app.request(`/api/v1/badge/${encodeURIComponent(signed.manifestId)}.svg`, { headers: { origin: 'https://news.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const svg = await response.text();
    // Signed under this gateway's own root: verified by its word, not a trust list's, and said so.
    expect(svg).toContain('aria-label="Content Credentials: verified by this gateway"');
    expect(svg).toContain('Signed through this gateway; not on a public trust list, so other validators show it as unrecognised');
    expect(svg).not.toMatch(/on a trust list|on any trust list/);
    expect(svg).toContain('#15803d');
  });

  it('says not found, as an image, for a manifest we do not hold', async () => {
    const response = await server.app.request('/api/v1/badge/urn%3Ac2pa%3Anope.svg');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Content Credentials: not found');
  });

  it('has a colour and words for every status', () => {
    for (const [status, colour] of [['partial', '#b45309'], ['invalid', '#b91c1c'], ['unsigned', '#6b7280']] as const) {
      const svg = statusImageSvg(status);
      expect(svg).toContain(`Content Credentials: ${status}`);
      expect(svg).toContain(colour);
    }
  });
});
