// DELETE /webhooks/{id}: nothing more is sent to the endpoint, deliveries still waiting included.
import { createRoute } from '@hono/zod-openapi';
import { errorResponses } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { ZWebhookIdParam } from './webhook-params.ts';

export function registerDeleteWebhook(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'delete',
    path: '/webhooks/{id}',
    tags: ['webhooks'],
    summary: 'Delete a webhook endpoint; deliveries not yet made are not made',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZWebhookIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 404) },
  });
  api.openapi(route, async (c) => {
    await ctx.services.webhooks.remove(c.var.account.userId, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
