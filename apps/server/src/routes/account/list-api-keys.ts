// GET /account/api-keys: the account's production and test keys, masked.
import { createRoute } from '@hono/zod-openapi';
import { ZApiKeyListResponse } from '@provenance/contracts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerListApiKeys(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/account/api-keys',
    tags: ['account'],
    summary: 'List the API keys (masked)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    responses: {
      200: jsonResponse(ZApiKeyListResponse, 'The keys'),
      ...errorResponses(401),
    },
  });
  api.openapi(route, async (c) => {
    const keys = await ctx.services.apiKeys.list(c.var.account.userId);
    return c.json(ZApiKeyListResponse.parse({ keys }), 200);
  });
}
