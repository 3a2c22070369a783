// GET /account/notifications: the saved notification preferences (all on by default).
import { createRoute } from '@hono/zod-openapi';
import { ZNotificationPreferences } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerGetNotificationPreferences(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/account/notifications',
    tags: ['account'],
    summary: 'Notification preferences',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZNotificationPreferences, 'The preferences'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => {
    const preferences = await ctx.services.notificationPreferences.get(c.var.account.userId);
    return c.json(ZNotificationPreferences.parse(preferences), 200);
  });
}
