// POST /account/signing-identities/{id}/revoke: the account says its managed certificate's key is
// compromised. The gateway's OCSP responder and CRL say revoked from now on, verifications of what
// it signed turn invalid, and the next signing is given a new managed certificate. A signed-in
// session only (403 for an API key), as every change of who the account signs as.
import { createRoute, z } from '@hono/zod-openapi';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

const ZRevokedSigningIdentity = z
  .object({
    id: z.string(),
    serialNumber: z.string().openapi({ description: 'The revoked certificate, lowercase hex' }),
    revokedAt: z.string().datetime().openapi({ description: "The revocation time on record (reason keyCompromise): the certificate's notBefore, as when the key leaked is not known; every signature it made is void" }),
  })
  .openapi('RevokedSigningIdentity');

export function registerRevokeSigningIdentity(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/signing-identities/{id}/revoke',
    tags: ['signing identities'],
    summary: "Revoke the account's managed signing certificate (key compromise)",
    description:
      "Marks the certificate revoked in the gateway's OCSP responder and CRL at once; assets it signed then verify as invalid (revoked signing credential). The account's next signing is given a new managed certificate. API keys and sessions are untouched. Only managed identities: a certificate from another CA is revoked by that CA.",
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { params: z.object({ id: z.string().min(1).max(64) }) },
    responses: { 200: jsonResponse(ZRevokedSigningIdentity, 'The revoked certificate'), ...errorResponses(400, 401, 403, 404) },
  });
  api.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await ctx.services.identityRevocation.revoke(c.var.account.userId, id), 200);
  });
}
