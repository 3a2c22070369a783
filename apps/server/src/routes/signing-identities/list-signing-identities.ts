// GET /account/signing-identities: the account's signing identities, the active one marked.
import { createRoute } from '@hono/zod-openapi';
import { ZSigningIdentityList } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerListSigningIdentities(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/account/signing-identities',
    tags: ['signing identities'],
    summary: 'List the signing identities (managed certificates and certificates brought by the account)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZSigningIdentityList, 'The identities, newest first'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => c.json(ZSigningIdentityList.parse(await ctx.services.signingIdentities.list(c.var.account.userId)), 200));
}
