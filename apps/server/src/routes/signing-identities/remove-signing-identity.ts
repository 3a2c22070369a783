// DELETE /account/signing-identities/{id}: the account stops signing as this identity, and the
// gateway forgets it and its sealed key. Removing the active one makes the account's managed identity
// active again (one is issued at the next signing if none is current). Files it signed keep their
// Content Credentials and verify as before. A signed-in session only (403 for an API key), as every
// change of who the account signs as.
import { createRoute, z } from '@hono/zod-openapi';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerRemoveSigningIdentity(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'delete',
    path: '/account/signing-identities/{id}',
    tags: ['signing identities'],
    summary: 'Remove a signing identity',
    description:
      "Deletes the identity and its sealed key (a remote identity: its service's URL and secret). When it was the active one, the account signs as its managed identity again (a new managed certificate is issued at the next signing if none is current). Files it signed are unaffected: their Content Credentials carry its certificate and verify as before; the asset list no longer names the identity (signedBy null). To stop a leaked managed key from being trusted, revoke it first (POST .../revoke). Another account's identity is 404.",
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { params: z.object({ id: z.string().min(1).max(64) }) },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
  });
  api.openapi(route, async (c) => {
    await ctx.services.signingIdentities.remove(c.var.account.userId, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
