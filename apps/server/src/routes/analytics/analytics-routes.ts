// GET /analytics/summary and GET /analytics/events: the signed-in account's figures and its recent
// verification events, newest first.
import { createRoute, z } from '@hono/zod-openapi';
import { ZAnalyticsSummary, ZVerificationEventList } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerAnalyticsRoutes(api: ApiApp, ctx: RouteContext): void {
  const summary = createRoute({
    method: 'get',
    path: '/analytics/summary',
    tags: ['analytics'],
    summary: 'Counts of manifests and verifications, success rate, the last 30 days and failure reasons',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: { 200: jsonResponse(ZAnalyticsSummary, 'The account’s figures'), ...errorResponses(401) },
  });
  api.openapi(summary, async (c) => c.json(await ctx.services.analytics.summary(c.var.account.userId), 200));

  const events = createRoute({
    method: 'get',
    path: '/analytics/events',
    tags: ['analytics'],
    summary: 'Recent verification events of the account’s assets and calls, newest first',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { query: z.object({ limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10) }) },
    responses: { 200: jsonResponse(ZVerificationEventList, 'Verification events'), ...errorResponses(400, 401) },
  });
  api.openapi(events, async (c) => c.json({ events: await ctx.services.analytics.recentVerificationEvents(c.var.account.userId, c.req.valid('query').limit) }, 200));
}
