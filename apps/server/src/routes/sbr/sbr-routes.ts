// The C2PA Soft Binding Resolution API under /sbr: GET|POST /matches/byBinding, POST
// /matches/byContent, GET /manifests/{manifestId} (application/c2pa) and GET
// /services/supportedAlgorithms, shaped as the C2PA specification's API. Public and rate-limited
// per client ('sbr').
import { createRoute, z } from '@hono/zod-openapi';
import { ZSbrByBindingBody, ZSbrByBindingQuery, ZSbrByContentQuery, ZSbrManifestQuery, ZSbrMatches, ZSbrMaxResults, ZSbrSupportedAlgorithms } from '@provenance/contracts';
import { ApiError } from '../../http/api-error.ts';
import { uploadBodyOf } from '../../http/request-body.ts';
import { readJsonBody } from '../../http/json-body.ts';
import { isFileBody } from '../../http/upload-reader.ts';
import type { UploadedFile } from '../../http/uploaded-file.ts';
import { validationMessage } from '../../http/validation-hook.ts';
import { storedFileReadOptions, storedFileResponse } from '../../http/stored-file-response.ts';
import { storedFileResponses } from '../file-responses.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const TAGS = ['soft binding resolution'];
const CONTENT_TYPES = ['image/*', 'video/*', 'application/octet-stream'];
const ZManifestId = z.string().min(1).max(200).openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' });

export function registerSbrRoutes(api: ApiApp, ctx: RouteContext): void {
  const limit = ctx.clientLimit('sbr');
  const resolver = () => ctx.services.softBindingResolver;

  api.openapi(
    createRoute({
      method: 'get',
      path: '/sbr/matches/byBinding',
      tags: TAGS,
      summary: 'Manifest IDs matching a soft binding (alg and base64 value)',
      middleware: [limit] as const,
      request: { query: ZSbrByBindingQuery },
      responses: { 200: jsonResponse(ZSbrMatches, 'Matches, earliest signing first; federated resolvers are asked only when this one has none'), ...errorResponses(400, 429) },
    }),
    async (c) => {
      const { alg, value, maxResults } = c.req.valid('query');
      return c.json({ matches: await resolver().byBinding(alg, value, maxResults ?? 10) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: 'post',
      path: '/sbr/matches/byBinding',
      tags: TAGS,
      summary: 'Manifest IDs matching a soft binding too long for a URL',
      middleware: [limit] as const,
      request: { query: z.object({ maxResults: ZSbrMaxResults.optional() }), body: { content: { 'application/json': { schema: ZSbrByBindingBody } } } },
      responses: { 200: jsonResponse(ZSbrMatches, 'Matches, earliest signing first'), ...errorResponses(400, 429) },
    }),
    async (c) => {
      const parsed = ZSbrByBindingBody.safeParse(await readJsonBody(c.req));
      if (!parsed.success) throw ApiError.validation(validationMessage(parsed.error));
      const { maxResults } = c.req.valid('query');
      return c.json({ matches: await resolver().byBinding(parsed.data.alg, parsed.data.value, maxResults ?? 10) }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: 'post',
      path: '/sbr/matches/byContent',
      tags: TAGS,
      summary: 'Manifest IDs matching the content of a file (exact hash or its ISCC Image-Code in any EXIF orientation), earliest signing first',
      middleware: [limit] as const,
      request: {
        query: ZSbrByContentQuery,
        body: { content: Object.fromEntries(CONTENT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } as const }])) },
      },
      responses: { 200: jsonResponse(ZSbrMatches, 'Matches, earliest signing first'), ...errorResponses(400, 413, 429) },
    }),
    async (c) => {
      const { maxResults, ...options } = c.req.valid('query');
      const type = c.req.header('content-type') ?? 'application/octet-stream';
      if (!isFileBody(type)) throw ApiError.validation('Send the file itself as the body, with its media type or application/octet-stream');
      const file: UploadedFile | null = await ctx.uploads.readBody(uploadBodyOf(c), { maxFileBytes: ctx.services.sizePolicy.uploadLimit('lookup') });
      if (!file) throw ApiError.validation('The request body is empty: send the file to match');
      try {
        const matches = await file.withBytes((bytes) => resolver().byContent(bytes, { ...options, maxResults: maxResults ?? 10 }));
        return c.json({ matches }, 200);
      } finally {
        await file.discard();
      }
    },
  );

  api.openapi(
    createRoute({
      method: 'get',
      path: '/sbr/manifests/{manifestId}',
      tags: TAGS,
      summary: 'The manifest store of a match (application/c2pa)',
      middleware: [limit] as const,
      request: { params: z.object({ manifestId: ZManifestId }), query: ZSbrManifestQuery },
      responses: { ...storedFileResponses('application/c2pa', 'The C2PA manifest store'), ...errorResponses(404, 429) },
    }),
    async (c) => {
      // One store per signed asset, whose active manifest is the match: returned whole either way.
      const read = await ctx.services.signedAssetFiles.manifestStore(c.req.valid('param').manifestId, storedFileReadOptions(c));
      return storedFileResponse(c, read, { 'content-type': 'application/c2pa' });
    },
  );

  api.openapi(
    createRoute({
      method: 'get',
      path: '/sbr/services/supportedAlgorithms',
      tags: TAGS,
      summary: 'The soft-binding algorithms this resolver matches',
      middleware: [limit] as const,
      responses: { 200: jsonResponse(ZSbrSupportedAlgorithms, 'Watermark and fingerprint algorithms'), ...errorResponses(429) },
    }),
    (c) => c.json(resolver().supportedAlgorithms(), 200),
  );
}
