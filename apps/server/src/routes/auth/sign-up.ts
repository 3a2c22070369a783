// POST /auth/sign-up: creates an account (with its two API keys) and signs it in. A taken address is
// refused with the same 400 as any refused sign-up, never a 409 saying it exists (its owner gets an
// email); limited per address all the same.
import { createRoute } from '@hono/zod-openapi';
import { ZSessionResponse, ZSignUpRequest } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const route = createRoute({
  method: 'post',
  path: '/auth/sign-up',
  tags: ['auth'],
  summary: 'Create an account and start a session',
  request: { body: jsonBody(ZSignUpRequest) },
  responses: {
    201: jsonResponse(ZSessionResponse, 'The new session'),
    ...errorResponses(400, 429),
  },
});

export function registerSignUp(api: ApiApp, ctx: RouteContext): void {
  api.openapi(route, async (c) => {
    const { email, password } = c.req.valid('json');
    await ctx.services.attemptLimits.enforceSignUp(ctx.clientIp(c));
    const session = await ctx.services.credentials.signUp(email, password);
    return c.json(ZSessionResponse.parse({ session }), 201);
  });
}
