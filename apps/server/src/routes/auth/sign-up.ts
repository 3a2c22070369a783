// POST /auth/sign-up: starts a sign-up. Every accepted request answers 202 confirmation_sent, whether
// the address is new (it is mailed a confirmation link) or has an account (its owner is mailed a
// notice): the answer never says an account exists. No session: the link makes and signs in the
// account (POST /auth/confirm-sign-up). Limited per client address.
import { createRoute } from '@hono/zod-openapi';
import { ZSignUpRequest, ZSignUpResponse } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const route = createRoute({
  method: 'post',
  path: '/auth/sign-up',
  tags: ['auth'],
  summary: 'Start a sign-up: a confirmation link is mailed to the address',
  description:
    'Answers 202 alike for an address without an account (mailed a link that creates the account and signs it in, once, within 24 hours) and for one with an account (its owner mailed a notice). Without SMTP_URL the mail stays in the outbox and the link is written to the server log.',
  request: { body: jsonBody(ZSignUpRequest) },
  responses: {
    202: jsonResponse(ZSignUpResponse, 'A mail went to the address'),
    ...errorResponses(400, 429),
  },
});

export function registerSignUp(api: ApiApp, ctx: RouteContext): void {
  api.openapi(route, async (c) => {
    const { email, password } = c.req.valid('json');
    await ctx.services.attemptLimits.enforceSignUp(ctx.clientIp(c));
    await ctx.services.signUpConfirmations.request(email, password);
    return c.json(ZSignUpResponse.parse({ status: 'confirmation_sent' }), 202);
  });
}
