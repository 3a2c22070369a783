// DELETE /account: deletes the signed-in account and all its data, after `{confirm: true}` and the
// current password (confirmed under the password attempt limits).
import { createRoute } from '@hono/zod-openapi';
import { ZDeleteAccountRequest } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerDeleteAccount(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'delete',
    path: '/account',
    tags: ['account'],
    summary: 'Delete this account and all its data (the current password is required)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZDeleteAccountRequest) },
    responses: {
      204: { description: 'Account deleted' },
      ...errorResponses(400, 401, 403, 429),
    },
  });
  api.openapi(route, async (c) => {
    const { currentPassword } = c.req.valid('json');
    const { userId } = c.var.account;
    await ctx.services.attemptLimits.guardPasswordCheck({ ip: ctx.clientIp(c), account: `user:${userId}` }, () =>
      ctx.services.credentials.confirmPassword(userId, currentPassword),
    );
    await ctx.services.profile.deleteAccount(userId);
    return c.body(null, 204);
  });
}
