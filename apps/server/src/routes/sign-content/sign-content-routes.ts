// POST /sign-content: sign an asset from a URL or an upload with the account's signer.
import { createRoute, z } from '@hono/zod-openapi';
import { ZSignContentRequest, ZSignContentResponse, ZSigningMetadata, ZSigningOrganization, type TSignContentResponse } from '@provenance/contracts';
import type { Context } from 'hono';
import { ApiError } from '../../http/api-error.ts';
import { uploadBodyOf } from '../../http/request-body.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HEADER_DESCRIPTION, idempotent } from '../../http/idempotency.ts';
import { readJsonBody } from '../../http/json-body.ts';
import type { UploadSchema } from '../../http/upload-reader.ts';
import { validationMessage } from '../../http/validation-hook.ts';
import { errorResponse, errorResponses, jsonResponse, SIGNING_NAME_CONFLICT } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { signAnswer } from '../sign-answer.ts';

const SIGN_UPLOAD_SCHEMA: UploadSchema = {
  type: 'object',
  required: ['file', 'metadata'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The image or video to sign' },
    metadata: { type: 'string', description: 'The signing metadata as a JSON string', example: '{"creator":"Ada Reporter","license":"CC-BY-4.0","aiAssisted":false}' },
    sidecar: { type: 'string', example: 'true', description: 'true: embed nothing; the manifest (sidecarUrl) binds the original, served unchanged at signedAssetUrl' },
    redact: { type: 'string', example: 'location', description: "Comma-separated (location, exif): remove these assertions from the file's earlier credentials (C2PA redaction)" },
    organization: {
      type: 'string',
      example: 'Daily Planet',
      description: 'The name to sign under, published in every signature: required while the account has none (409 organization_required), then set as its organisation name; once set, optional and must match it (409 organization_mismatch)',
    },
  },
};

export function registerSignContentRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/sign-content',
    tags: ['sign'],
    summary: 'Sign an asset (by URL or upload) with a C2PA manifest',
    description:
      'Fetches the asset (through the safe fetcher) or takes the upload, embeds a signed C2PA manifest, stores the signed file and its .c2pa manifest store, and returns where to download them with the verification of the signed file. With sidecar: true nothing is embedded: signedAssetUrl serves the original as signed (unchanged, except that c2pa-rs removes a manifest the file carried and rewrites PDF and MP3 files) and sidecarUrl the manifest over it. A file whose own Content Credentials are invalid is signed with a warning. An MP4, MOV or M4A upload may pass the upload limit up to the video limit (MAX_VIDEO_BYTES): it is signed from disk with its manifest embedded (no sidecar); Content Credentials it already carries become its parent ingredient. The same goes for such a video given by assetUrl. The signature names the account\'s organisation, never its email: an account with no name set that signs through its managed certificate gets 409 organization_required unless the request gives organization (which then becomes its name); an organization other than the name set is 409 organization_mismatch.',
    security: BEARER_SECURITY,
    // An account's signings in progress count against its share, as a client's verifications do.
    middleware: [ctx.requireAccount, ctx.clientLimit('sign')] as const,
    request: {
      headers: z.object({ 'idempotency-key': z.string().optional().openapi({ description: IDEMPOTENCY_HEADER_DESCRIPTION }) }),
      // Not `required`: zod-openapi then checks each body only against the schema of its own content
      // type (JSON or multipart); a required body would be run through both.
      body: {
        content: {
          'application/json': { schema: ZSignContentRequest, example: { assetUrl: 'https://example.org/photo.jpg', metadata: { creator: 'Ada Reporter', license: 'All Rights Reserved', aiAssisted: false } } },
          'multipart/form-data': { schema: SIGN_UPLOAD_SCHEMA },
        },
      },
    },
    responses: {
      201: jsonResponse(ZSignContentResponse, 'Signed; the signed file and manifest are stored'),
      ...errorResponses(400, 401, 403, 413),
      409: errorResponse(`${SIGNING_NAME_CONFLICT}; or an Idempotency-Key still in progress`),
      422: { description: 'The asset could not be fetched, or is not a well-formed supported file; or the Idempotency-Key was used with a different request', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
    },
  });
  // Idempotency-Key: a replay within 24 h gets the first signing's answer, and nothing is signed twice.
  const idempotency = (c: Context, userId: string) => ({ keys: ctx.services.idempotencyKeys, userId, key: c.req.header(IDEMPOTENCY_HEADER), operation: 'POST /sign-content' });
  api.openapi(route, async (c) => {
    const userId = c.var.account.userId;
    const type = c.req.header('content-type') ?? '';
    if (type.startsWith('multipart/form-data')) {
      // An MP4, MOV or M4A may be up to the video limit (spooled, signed from disk); anything else the asset limit (the size policy's).
      const { file, fields } = await ctx.uploads.readMultipart(uploadBodyOf(c), { fileField: 'file', maxFileBytes: ctx.services.sizePolicy.uploadLimit('sign') });
      if (!file) throw ApiError.validation('file is required: the image or video to sign');
      // The upload's memory (or spool file) is released once signing is done, whatever the outcome.
      try {
        let raw: unknown;
        try {
          raw = JSON.parse(fields['metadata'] ?? '{}');
        } catch {
          throw ApiError.validation('metadata must be a JSON object');
        }
        const metadata = ZSigningMetadata.safeParse(raw);
        if (!metadata.success) throw ApiError.validation(validationMessage(metadata.error));
        const sidecar = fields['sidecar'] === 'true';
        // A form field: comma-separated, as a form sends one value per field.
        const redactField = ZSignContentRequest.shape.redact.safeParse(fields['redact'] ? fields['redact'].split(',').map((kind) => kind.trim()) : []);
        if (!redactField.success) throw ApiError.validation(validationMessage(redactField.error));
        const redact = redactField.data;
        const organization = fields['organization'] === undefined ? undefined : ZSigningOrganization.safeParse(fields['organization']);
        if (organization && !organization.success) throw ApiError.validation(validationMessage(organization.error));
        const signingOptions = { organization: organization?.data };
        const large = ctx.services.sizePolicy.exceedsAssetLimit(file.byteLength) ? await file.spooled() : null;
        await ctx.services.sizePolicy.assertSignable(file.byteLength, large, sidecar);
        // An upload is the same request again when its file (by SHA-256) and fields are.
        const request = JSON.stringify({ file: await file.sha256(), fileName: file.fileName, metadata: metadata.data, sidecar, redact, ...(signingOptions.organization !== undefined && { organization: signingOptions.organization }) });
        const response = await idempotent({ ...idempotency(c, userId), request }, async () => {
          const result = large
            ? await ctx.services.signer.signContent(userId, { kind: 'spooled-upload', path: large.path, head: large.head, fileName: file.fileName }, metadata.data, { ...signingOptions, redact })
            : await file.withBytes((bytes) => ctx.services.signer.signContent(userId, { kind: 'upload', bytes, fileName: file.fileName }, metadata.data, { sidecar, redact, ...signingOptions }));
          return c.json(signAnswer(ctx.apiBaseUrl(c), result), 201);
        });
        return response as unknown as ReturnType<typeof c.json<TSignContentResponse, 201>>;
      } finally {
        await file.discard();
      }
    }
    const parsed = ZSignContentRequest.safeParse(await readJsonBody(c.req));
    if (!parsed.success) throw ApiError.validation(validationMessage(parsed.error));
    const body = parsed.data;
    const response = await idempotent({ ...idempotency(c, userId), request: JSON.stringify(body) }, async () => {
      const result = await ctx.services.signer.signContent(userId, { kind: 'url', url: body.assetUrl }, body.metadata, { sidecar: body.sidecar, redact: body.redact, organization: body.organization });
      return c.json(signAnswer(ctx.apiBaseUrl(c), result), 201);
    });
    return response as unknown as ReturnType<typeof c.json<TSignContentResponse, 201>>;
  });
}
