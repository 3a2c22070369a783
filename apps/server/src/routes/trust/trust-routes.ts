// GET /trust (public): the trust lists in force, the gateway's own root included, with each anchor's
// certificate. Cacheable briefly: the lists change at most on a refresh.
import { createRoute } from '@hono/zod-openapi';
import { ZTrustResponse } from '@provenance/contracts';
import { jsonResponse } from '../openapi-responses.ts';
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
}
