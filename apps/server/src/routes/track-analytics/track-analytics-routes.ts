// POST /track-analytics: record a badge view or click, a report view, a download...; answers with
// the asset's current counts.
import { createRoute } from '@hono/zod-openapi';
import { ZTrackAnalyticsRequest, ZTrackAnalyticsResponse } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

export function registerTrackAnalyticsRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/track-analytics',
    tags: ['analytics'],
    summary: 'Track a badge, report or download event for an asset',
    middleware: [ctx.clientLimit('track')] as const,
    request: { body: jsonBody(ZTrackAnalyticsRequest) },
    responses: { 200: jsonResponse(ZTrackAnalyticsResponse, 'Recorded; the asset’s counts so far'), ...errorResponses(400, 413, 429) },
  });
  api.openapi(route, async (c) => {
    const request = c.req.valid('json');
    const { eventId, metrics } = await ctx.services.analytics.track({
      ...request,
      data: { ...request.data, userAgent: request.data.userAgent ?? c.req.header('user-agent') },
    });
    return c.json({ success: true as const, eventId, metrics }, 200);
  });
}
