// GET /account/organization: the organisation the account signs as (its email while none is set), its
// domain, and whether the name was verified by an address at that domain.
import { createRoute } from '@hono/zod-openapi';
import { ZOrganizationResponse } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { organizationAnswer } from './organization-answer.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerGetOrganization(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/account/organization',
    tags: ['account'],
    summary: 'The organisation name the account signs as',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZOrganizationResponse, 'The organisation'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => c.json(organizationAnswer(await ctx.services.signingIdentities.organizationOf(c.var.account.userId)), 200));
}
