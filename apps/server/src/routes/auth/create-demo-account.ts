// POST /auth/demo: creates a demo account and returns its credentials; the client then signs in.
import { createRoute } from '@hono/zod-openapi';
import { ZDemoAccountResponse } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

export function registerCreateDemoAccount(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/auth/demo',
    tags: ['auth'],
    summary: 'Create a demo account (removed with its data after 24 hours)',
    middleware: [ctx.optionalAccount] as const,
    responses: {
      201: jsonResponse(ZDemoAccountResponse, 'The demo credentials'),
      ...errorResponses(401, 429),
    },
  });
  api.openapi(route, async (c) => {
    await ctx.services.attemptLimits.enforceDemo({ ip: ctx.clientIp(c), userId: c.var.account?.userId });
    const demo = await ctx.services.demoAccounts.create();
    return c.json(ZDemoAccountResponse.parse(demo), 201);
  });
}
