// PUT /account/organization: the organisation the account signs as. Its managed signing certificate
// names it; the signatures that follow the change use a certificate issued for the new name. A signed-in
// session only: an API key (a script's) may sign as the organisation, not rename it (403).
import { createRoute } from '@hono/zod-openapi';
import { ZOrganizationResponse, ZUpdateOrganizationRequest } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerUpdateOrganization(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'put',
    path: '/account/organization',
    tags: ['account'],
    summary: 'Set the organisation name the account signs as',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZUpdateOrganizationRequest) },
    responses: {
      200: jsonResponse(ZOrganizationResponse, 'The organisation'),
      ...errorResponses(400, 401, 403),
    },
  });
  api.openapi(route, async (c) => {
    const { name } = c.req.valid('json');
    const saved = await ctx.services.signingIdentities.setOrganization(c.var.account.userId, name);
    return c.json(ZOrganizationResponse.parse({ name: saved.name, isSet: true }), 200);
  });
}
