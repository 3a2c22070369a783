// POST /account/password: checks the current password (under the password attempt limits), then sets
// the new one, refusing common passwords. Every other session of the account is signed out (the one
// making the change stays signed in) and the account's API keys are revoked, which the answer says.
import { createRoute } from '@hono/zod-openapi';
import { ZChangePasswordRequest, ZChangePasswordResponse } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerChangePassword(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/password',
    tags: ['account'],
    summary: 'Change the password (the current one is required)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZChangePasswordRequest) },
    responses: {
      200: jsonResponse(ZChangePasswordResponse, 'Password changed; other sessions signed out and API keys revoked'),
      ...errorResponses(400, 401, 403, 429),
    },
  });
  api.openapi(route, async (c) => {
    const { currentPassword, newPassword } = c.req.valid('json');
    const { userId, sessionId } = c.var.account;
    await ctx.services.attemptLimits.guardPasswordCheck({ ip: ctx.clientIp(c), account: `user:${userId}` }, () =>
      ctx.services.credentials.changePassword(userId, currentPassword, newPassword, { keepSessionId: sessionId }),
    );
    return c.json(
      ZChangePasswordResponse.parse({
        otherSessionsSignedOut: true,
        apiKeysRevoked: true,
        message: 'Password changed. Your other sessions are signed out and your API keys revoked: regenerate a key for your scripts.',
      }),
      200,
    );
  });
}
