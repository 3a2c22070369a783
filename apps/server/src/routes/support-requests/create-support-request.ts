// POST /support-requests: stores a Contact Support message; signed-in senders get it on their account.
import { createRoute } from '@hono/zod-openapi';
import { ZCreateSupportRequest, ZSupportRequestReceipt } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

export function registerCreateSupportRequest(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/support-requests',
    tags: ['support'],
    summary: 'Send a support request (authentication optional)',
    middleware: [ctx.optionalAccount, ctx.clientLimit('support')] as const,
    request: { body: jsonBody(ZCreateSupportRequest) },
    responses: {
      201: jsonResponse(ZSupportRequestReceipt, 'Received, with its reference'),
      ...errorResponses(400, 401, 429),
    },
  });
  api.openapi(route, async (c) => {
    const receipt = await ctx.services.supportRequests.create(c.req.valid('json'), c.var.account?.userId);
    return c.json(ZSupportRequestReceipt.parse(receipt), 201);
  });
}
