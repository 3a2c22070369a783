// POST /assets/{assetId}/transform: resize, crop or convert the account's own signed image; the
// result is signed with the source as parent ingredient and answered as a signing is (201).
import { createRoute, z } from '@hono/zod-openapi';
import { ZSignContentResponse, ZTransformRequest } from '@provenance/contracts';
import { errorResponse, errorResponses, jsonBody, jsonResponse, SIGNING_NAME_CONFLICT } from '../openapi-responses.ts';
import { signAnswer } from '../sign-answer.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

const ZAssetParams = z.object({ assetId: z.string().uuid('assetId must be an asset ID').openapi({ example: '0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11' }) });

export function registerTransformRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/assets/{assetId}/transform',
    tags: ['sign'],
    summary: 'Resize, crop or convert a signed image, keeping its provenance',
    description:
      'Transforms one of the account’s signed images (crop, then resize, then encode as JPEG, PNG, WebP or AVIF at the quality given) and signs the result: the source’s signed file is its parentOf ingredient, and c2pa.cropped, c2pa.resized and c2pa.transcoded actions say what was done. The new asset is stored and listed like any signed asset. Another account’s asset is not found. A result larger than MAX_TRANSFORM_SIDE pixels a side or MAX_TRANSFORM_PIXELS in all (8,192 and 40 megapixels) is refused with 400 transform_too_large, before any pixel is decoded; one that takes more than 30 seconds, with 422 transform_too_slow. The result is signed under the account’s organisation name, as a signing is: organization sets it when none is set yet (409 organization_required without it).',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZAssetParams, body: jsonBody(ZTransformRequest) },
    responses: {
      201: jsonResponse(ZSignContentResponse, 'Transformed and signed; the new file and its manifest are stored'),
      ...errorResponses(400, 401, 403, 404),
      409: errorResponse(SIGNING_NAME_CONFLICT),
      422: { description: 'The asset is not an image that can be transformed', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
    },
  });
  api.openapi(route, async (c) => {
    const { assetId } = c.req.valid('param');
    const result = await ctx.services.transformer.transform(c.var.account.userId, assetId, c.req.valid('json'));
    return c.json(signAnswer(ctx.apiBaseUrl(c), result), 201);
  });
}
