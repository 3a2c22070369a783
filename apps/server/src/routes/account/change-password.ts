// POST /account/password: checks the current password (under the password attempt limits), then sets
// the new one, refusing common passwords. Every other session of the account is signed out; the one
// making the change stays signed in. `revokeApiKeys: true` revokes the account's API keys too.
import { createRoute } from '@hono/zod-openapi';
import { ZChangePasswordRequest } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody } from '../openapi-responses.ts';
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
      204: { description: 'Password changed' },
      ...errorResponses(400, 401, 403, 429),
    },
  });
  api.openapi(route, async (c) => {
    const { currentPassword, newPassword, revokeApiKeys } = c.req.valid('json');
    const { userId, sessionId } = c.var.account;
    await ctx.services.attemptLimits.guardPasswordCheck({ ip: ctx.clientIp(c), account: `user:${userId}` }, () =>
      ctx.services.credentials.changePassword(userId, currentPassword, newPassword, { keepSessionId: sessionId, revokeApiKeys }),
    );
    return c.body(null, 204);
  });
}
