// POST /auth/sign-in: email and password for a session, under the password attempt limits (per
// address, and growing delays per address and account).
import { createRoute } from '@hono/zod-openapi';
import { ZSessionResponse, ZSignInRequest } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const route = createRoute({
  method: 'post',
  path: '/auth/sign-in',
  tags: ['auth'],
  summary: 'Sign in with email and password',
  request: { body: jsonBody(ZSignInRequest) },
  responses: {
    200: jsonResponse(ZSessionResponse, 'The new session'),
    ...errorResponses(400, 401, 429),
  },
});

export function registerSignIn(api: ApiApp, ctx: RouteContext): void {
  api.openapi(route, async (c) => {
    const { email, password } = c.req.valid('json');
    const session = await ctx.services.attemptLimits.guardPasswordCheck({ ip: ctx.clientIp(c), account: email }, () =>
      ctx.services.credentials.signIn(email, password),
    );
    return c.json(ZSessionResponse.parse({ session }), 200);
  });
}
