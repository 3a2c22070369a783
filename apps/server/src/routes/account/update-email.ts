// PATCH /account/email: changes the signed-in user's email address once their current password is
// confirmed (under the password attempt limits), so a stolen session cannot take the account over.
import { createRoute } from '@hono/zod-openapi';
import { ZUpdateEmailRequest, ZUserResponse } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerUpdateEmail(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'patch',
    path: '/account/email',
    tags: ['account'],
    summary: 'Update the email address (the current password is required)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZUpdateEmailRequest) },
    responses: {
      200: jsonResponse(ZUserResponse, 'The updated user'),
      ...errorResponses(400, 401, 403, 409, 429),
    },
  });
  api.openapi(route, async (c) => {
    const { email, currentPassword } = c.req.valid('json');
    const { userId } = c.var.account;
    await ctx.services.attemptLimits.guardPasswordCheck({ ip: ctx.clientIp(c), account: `user:${userId}` }, () =>
      ctx.services.credentials.confirmPassword(userId, currentPassword),
    );
    const user = await ctx.services.profile.updateEmail(userId, email);
    return c.json(ZUserResponse.parse({ user }), 200);
  });
}
