// POST /webhooks/{id}/test: queues a webhook.test delivery, to check an endpoint receives and verifies.
// Limited per account (10 a minute; 429 with Retry-After past it).
import { createRoute } from '@hono/zod-openapi';
import { ZWebhookDelivery } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { ZWebhookIdParam } from './webhook-params.ts';

export function registerSendTestWebhook(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/webhooks/{id}/test',
    tags: ['webhooks'],
    summary: 'Send a test event (type webhook.test) to a webhook endpoint',
    description: 'The delivery is queued and made like any other (signed, retried); follow it in the delivery log. An account may ask for 10 test events a minute.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZWebhookIdParam },
    responses: { 202: jsonResponse(ZWebhookDelivery, 'The queued delivery'), ...errorResponses(401, 404, 429) },
  });
  api.openapi(route, async (c) => c.json(ZWebhookDelivery.parse(await ctx.services.webhooks.sendTest(c.var.account.userId, c.req.valid('param').id)), 202));
}
