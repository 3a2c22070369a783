// PUT /account/notifications: saves the three notification preferences.
import { createRoute } from '@hono/zod-openapi';
import { ZNotificationPreferences } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerSaveNotificationPreferences(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'put',
    path: '/account/notifications',
    tags: ['account'],
    summary: 'Save notification preferences',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { body: jsonBody(ZNotificationPreferences) },
    responses: {
      200: jsonResponse(ZNotificationPreferences, 'The saved preferences'),
      ...errorResponses(400, 401),
    },
  });
  api.openapi(route, async (c) => {
    const saved = await ctx.services.notificationPreferences.save(c.var.account.userId, c.req.valid('json'));
    return c.json(ZNotificationPreferences.parse(saved), 200);
  });
}
