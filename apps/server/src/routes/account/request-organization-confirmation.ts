// POST /account/organization/confirmation: sends a confirmation mail (single-use link, valid a day)
// to an address at the organisation's domain; opening it verifies the organisation name.
import { createRoute } from '@hono/zod-openapi';
import { ZOrganizationConfirmationRequest, ZOrganizationConfirmationSent } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerRequestOrganizationConfirmation(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/organization/confirmation',
    tags: ['account'],
    summary: 'Send a confirmation mail to an address at the organisation’s domain',
    description: 'The address must be at the domain set with PUT /account/organization. At most 5 mails an hour per account.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { body: jsonBody(ZOrganizationConfirmationRequest) },
    responses: {
      202: jsonResponse(ZOrganizationConfirmationSent, 'The mail is queued'),
      ...errorResponses(400, 401, 409, 429),
    },
  });
  api.openapi(route, async (c) => {
    const { email } = c.req.valid('json');
    const sent = await ctx.services.organizationConfirmations.request(c.var.account.userId, email);
    return c.json(ZOrganizationConfirmationSent.parse({ sentTo: sent.sentTo, expiresAt: sent.expiresAt.toISOString() }), 202);
  });
}
