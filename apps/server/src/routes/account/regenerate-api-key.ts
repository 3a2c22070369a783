// POST /account/api-keys/{type}/regenerate: a new key of that type, shown in full only in this
// response; the old key is revoked at once.
import { createRoute } from '@hono/zod-openapi';
import { ZApiKeyTypeParam, ZRegeneratedApiKeyResponse } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerRegenerateApiKey(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/api-keys/{type}/regenerate',
    tags: ['account'],
    summary: 'Regenerate an API key (revokes the old one)',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { params: ZApiKeyTypeParam },
    responses: {
      200: jsonResponse(ZRegeneratedApiKeyResponse, 'The new key, with its secret'),
      ...errorResponses(400, 401, 403),
    },
  });
  api.openapi(route, async (c) => {
    const { type } = c.req.valid('param');
    const key = await ctx.services.apiKeys.regenerate(c.var.account.userId, type);
    c.header('Cache-Control', 'no-store');
    return c.json(ZRegeneratedApiKeyResponse.parse({ key }), 200);
  });
}
