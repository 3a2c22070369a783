// POST /account/signing-identities/{id}/activate: signs the account's next manifests as this identity.
// A signed-in session only (403 for an API key), as every change of who the account signs as.
import { createRoute, z } from '@hono/zod-openapi';
import { ZSigningIdentity } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerActivateSigningIdentity(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/signing-identities/{id}/activate',
    tags: ['signing identities'],
    summary: 'Make a signing identity the active one',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { params: z.object({ id: z.string().min(1).max(64) }) },
    responses: {
      200: jsonResponse(ZSigningIdentity, 'The identity, now active'),
      ...errorResponses(401, 403, 404),
    },
  });
  api.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(ZSigningIdentity.parse(await ctx.services.signingIdentities.activate(c.var.account.userId, id)), 200);
  });
}
