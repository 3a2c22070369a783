// GET /support-requests: the signed-in user's own support requests, newest first.
import { createRoute } from '@hono/zod-openapi';
import { ZSupportRequestListResponse } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerListSupportRequests(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/support-requests',
    tags: ['support'],
    summary: 'List my support requests',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZSupportRequestListResponse, 'The requests'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => {
    const requests = await ctx.services.supportRequests.listForAccount(c.var.account.userId);
    return c.json(ZSupportRequestListResponse.parse({ requests }), 200);
  });
}
