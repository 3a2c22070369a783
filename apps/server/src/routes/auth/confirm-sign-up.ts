// POST /auth/confirm-sign-up: uses the token of a sign-up's confirmation mail (the link's `token`):
// the account is created and signed in. Public: holding the token is the proof. An unknown, used or
// expired token is a 400; an address that got an account in the meantime, a 409.
import { createRoute } from '@hono/zod-openapi';
import { ZConfirmSignUpRequest, ZSessionResponse } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const route = createRoute({
  method: 'post',
  path: '/auth/confirm-sign-up',
  tags: ['auth'],
  summary: 'Confirm a sign-up with the token of its mail: creates the account and starts a session',
  request: { body: jsonBody(ZConfirmSignUpRequest) },
  responses: {
    201: jsonResponse(ZSessionResponse, 'The new account’s session'),
    ...errorResponses(400, 409),
  },
});

export function registerConfirmSignUp(api: ApiApp, ctx: RouteContext): void {
  api.openapi(route, async (c) => {
    const { token } = c.req.valid('json');
    const session = await ctx.services.signUpConfirmations.confirm(token);
    return c.json(ZSessionResponse.parse({ session }), 201);
  });
}
