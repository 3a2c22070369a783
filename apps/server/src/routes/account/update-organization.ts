// PUT /account/organization: the organisation the account signs as. Its managed signing certificate
// names it; the signatures that follow the change use a certificate issued for the new name. The
// optional domain is where an address is confirmed to verify the name; a new name or domain drops
// the verification. A signed-in session only: an API key (a script's) may sign as the organisation,
// not rename it (403).
import { createRoute } from '@hono/zod-openapi';
import { ZOrganizationResponse, ZUpdateOrganizationRequest } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { organizationAnswer } from './organization-answer.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerUpdateOrganization(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'put',
    path: '/account/organization',
    tags: ['account'],
    summary: 'Set the organisation name the account signs as, and its domain',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZUpdateOrganizationRequest) },
    responses: {
      200: jsonResponse(ZOrganizationResponse, 'The organisation'),
      ...errorResponses(400, 401, 403),
    },
  });
  api.openapi(route, async (c) => {
    const { name, domain } = c.req.valid('json');
    return c.json(organizationAnswer(await ctx.services.signingIdentities.setOrganization(c.var.account.userId, name, domain)), 200);
  });
}
