// POST /account/organization/confirm: uses the token of a confirmation mail (the link's
// `confirm-organization` parameter). Public: holding the token is the proof, whoever opens the link.
// An unknown, used or expired token is a 400; a name or domain changed since the mail, a 409.
import { createRoute } from '@hono/zod-openapi';
import { ZConfirmOrganizationRequest, ZOrganizationResponse } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';
import { organizationAnswer } from './organization-answer.ts';

export function registerConfirmOrganization(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/organization/confirm',
    tags: ['account'],
    summary: 'Confirm an organisation with the token of its confirmation mail (verifies the name)',
    request: { body: jsonBody(ZConfirmOrganizationRequest) },
    responses: {
      200: jsonResponse(ZOrganizationResponse, 'The organisation, now verified'),
      ...errorResponses(400, 409),
    },
  });
  api.openapi(route, async (c) => {
    const { token } = c.req.valid('json');
    return c.json(organizationAnswer(await ctx.services.organizationConfirmations.confirm(token)), 200);
  });
}
