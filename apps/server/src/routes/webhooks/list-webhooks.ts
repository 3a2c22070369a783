// GET /webhooks: the account's endpoints, without their secrets.
import { createRoute } from '@hono/zod-openapi';
import { ZWebhookList } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerListWebhooks(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/webhooks',
    tags: ['webhooks'],
    summary: "List the account's webhook endpoints (secrets are never returned again)",
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: { 200: jsonResponse(ZWebhookList, 'The endpoints, newest first'), ...errorResponses(401) },
  });
  api.openapi(route, async (c) => c.json(ZWebhookList.parse({ webhooks: await ctx.services.webhooks.list(c.var.account.userId) }), 200));
}
