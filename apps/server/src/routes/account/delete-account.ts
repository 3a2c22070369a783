// DELETE /account: deletes the signed-in account and all its data, after `{confirm: true}`.
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
    summary: 'Delete this account and all its data',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZDeleteAccountRequest) },
    responses: {
      204: { description: 'Account deleted' },
      ...errorResponses(400, 401, 403),
    },
  });
  api.openapi(route, async (c) => {
    c.req.valid('json');
    await ctx.services.profile.deleteAccount(c.var.account.userId);
    return c.body(null, 204);
  });
}
