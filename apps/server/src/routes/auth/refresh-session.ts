// POST /auth/refresh: a refresh token for a new session; the old refresh and access tokens stop working.
import { createRoute } from '@hono/zod-openapi';
import { ZRefreshRequest, ZSessionResponse } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const route = createRoute({
  method: 'post',
  path: '/auth/refresh',
  tags: ['auth'],
  summary: 'Exchange a refresh token for a new session',
  request: { body: jsonBody(ZRefreshRequest) },
  responses: {
    200: jsonResponse(ZSessionResponse, 'The refreshed session'),
    ...errorResponses(400, 401),
  },
});

export function registerRefreshSession(api: ApiApp, ctx: RouteContext): void {
  api.openapi(route, async (c) => {
    const { refresh_token } = c.req.valid('json');
    const session = await ctx.services.sessions.refresh(refresh_token);
    return c.json(ZSessionResponse.parse({ session }), 200);
  });
}
