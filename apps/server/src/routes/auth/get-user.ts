// GET /auth/user: the signed-in user (id, email, is_demo).
import { createRoute } from '@hono/zod-openapi';
import { ZUserResponse } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerGetUser(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/auth/user',
    tags: ['auth'],
    summary: 'The signed-in user',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZUserResponse, 'The user'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => {
    const user = await ctx.services.profile.getUser(c.var.account.userId);
    return c.json(ZUserResponse.parse({ user }), 200);
  });
}
