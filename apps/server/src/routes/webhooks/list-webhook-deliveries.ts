// GET /webhooks/{id}/deliveries: the endpoint's delivery log, newest first.
import { createRoute, z } from '@hono/zod-openapi';
import { ZWebhookDeliveryList } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { ZWebhookIdParam } from './webhook-params.ts';

const ZDeliveriesQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a whole number from 1 to 100' }).int('limit must be a whole number from 1 to 100').min(1, 'limit must be a whole number from 1 to 100').max(100, 'limit must be a whole number from 1 to 100').default(50).openapi({ example: 50 }),
});

export function registerListWebhookDeliveries(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    tags: ['webhooks'],
    summary: "A webhook endpoint's deliveries, newest first (50 unless limit says up to 100)",
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZWebhookIdParam, query: ZDeliveriesQuery },
    responses: { 200: jsonResponse(ZWebhookDeliveryList, 'The deliveries'), ...errorResponses(400, 401, 404) },
  });
  api.openapi(route, async (c) => {
    const deliveries = await ctx.services.webhooks.deliveries(c.var.account.userId, c.req.valid('param').id, c.req.valid('query').limit);
    return c.json(ZWebhookDeliveryList.parse({ deliveries }), 200);
  });
}
