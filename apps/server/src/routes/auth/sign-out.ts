// POST /auth/sign-out: revokes the session of the access token presented.
import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.ts';
import { errorResponses } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerSignOut(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/auth/sign-out',
    tags: ['auth'],
    summary: 'Sign out: revoke this session on the server',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      204: { description: 'Signed out' },
      ...errorResponses(400, 401),
    },
  });
  api.openapi(route, async (c) => {
    const { sessionId } = c.var.account;
    if (!sessionId) throw ApiError.validation('Authorization: sign-out needs a session access token, not an API key');
    await ctx.services.sessions.revoke(sessionId);
    return c.body(null, 204);
  });
}
