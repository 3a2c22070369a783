// GET /trust (public): the trust lists in force, the gateway's own root included, with each anchor's
// certificate. Cacheable briefly: the lists change at most on a refresh.
// GET /trust/snapshots/{snapshotId} (public): a trust snapshot an answer was made under
// (verification.evidence.trustSnapshot.id), whole; content-addressed, so cacheable for ever.
import { createRoute, z } from '@hono/zod-openapi';
import { ZTrustResponse, ZTrustSnapshot, ZTrustSnapshotId } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

/** Long enough to spare the server repeated answers, short enough that a refresh shows soon. */
const CACHE_SECONDS = 300;

export function registerTrustRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/trust',
    tags: ['verify'],
    summary: 'The trust lists this gateway verifies with, and their anchor certificates',
    responses: { 200: jsonResponse(ZTrustResponse, 'Signer trust lists (the gateway root included) and time-stamping authority lists') },
  });
  api.openapi(route, (c) => {
    c.header('cache-control', `public, max-age=${CACHE_SECONDS}`);
    return c.json(ctx.services.trustLists.inForce(), 200);
  });

  const snapshot = createRoute({
    method: 'get',
    path: '/trust/snapshots/{snapshotId}',
    tags: ['verify'],
    summary: 'A trust snapshot a verification was made under, with its lists and their certificates',
    request: { params: z.object({ snapshotId: ZTrustSnapshotId }) },
    responses: { 200: jsonResponse(ZTrustSnapshot, 'The snapshot: its ID and each list with its SHA-256 and certificates'), ...errorResponses(400, 404) },
  });
  api.openapi(snapshot, async (c) => {
    const kept = await ctx.services.trustSnapshotFiles.get(c.req.valid('param').snapshotId);
    c.header('cache-control', 'public, max-age=31536000, immutable');
    return c.json(kept, 200);
  });
}
