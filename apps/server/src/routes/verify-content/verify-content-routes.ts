// POST /verify-content: verify an asset by URL, by upload, or a manifest we hold. Public; an API key
// or session attributes the call to its account. Every call records a verification event.
import { createRoute, z } from '@hono/zod-openapi';
import { ZTrustSnapshotId, ZValidationTime, ZVerifyContentRequest, ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { ApiError } from '../../http/api-error.ts';
import { uploadBodyOf } from '../../http/request-body.ts';
import { readJsonBody } from '../../http/json-body.ts';
import { isFileBody, type UploadSchema } from '../../http/upload-reader.ts';
import type { SmallUploadedFile, UploadedFile } from '../../http/uploaded-file.ts';
import { validationMessage } from '../../http/validation-hook.ts';
import { isClientOverShare } from '../../middleware/client-limits.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';
import type { VerificationAnswer } from '../../services/verification/verify-request.ts';
import type { ArrivingUpload } from '../../services/verification/arriving/arriving-verification.ts';

const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { bearerAuth: [] }];

const VERIFY_UPLOAD_SCHEMA: UploadSchema = {
  type: 'object',
  required: ['file'],
  properties: {
    file: { type: 'string', format: 'binary', description: 'The image or video to verify' },
    manifest: { type: 'string', format: 'binary', description: 'Optional: the file\'s .c2pa sidecar (a manifest store over the file); the pair is verified' },
  },
};
/** A manifest store is small beside its asset; this bounds the memory a sidecar part may take. */
const MAX_SIDECAR_BYTES = 16 * 1024 * 1024;
// The file itself as the body, typed by its content type: what a CDN worker or `curl --data-binary` sends.
const FILE_BODY_TYPES = ['image/*', 'video/*', 'audio/*', 'application/pdf', 'application/c2pa', 'application/octet-stream'];
const FILE_BODY_SCHEMA = { type: 'string', format: 'binary', description: 'The image, video, audio or PDF file itself; its Content-Type names its format' } as const;
const ZVerifyQuery = z.object({
  thumbnails: z.enum(['0', '1', 'true', 'false']).optional().openapi({ description: 'Embed manifest and ingredient thumbnails as data: URLs' }),
  // A query parameter, so an upload (multipart or the file as the body) can be verified as of a time too.
  at: ZValidationTime.optional(),
  trustSnapshot: ZTrustSnapshotId.optional(),
  format: z
    .enum(['report', 'crjson'], { error: 'format must be report or crjson' })
    .optional()
    .openapi({
      description:
        "crjson: answer c2pa-rs's crJSON report of the file (its @context and manifests), made under the same trust lists (and `at`, `trustSnapshot`), instead of this product's report; 422 no_manifest_store for a file without Content Credentials. Not cached, no event recorded.",
    }),
});

export function registerVerifyContentRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/verify-content',
    tags: ['verify'],
    summary: 'Verify the Content Credentials of an asset (by URL, upload, upload with its .c2pa sidecar, or manifest ID)',
    description:
      'Public. With both manifestId and assetUrl (a badge\'s check), the answer\'s mediaCheck says whether the media at assetUrl carries that manifest or is its signed (or original) file: only then is the verdict the media\'s; a mismatch or unchecked media is recorded as such, never as a verification. verified = intact and signed by a trusted signer; partial = intact but the signer is not on a trust list; invalid = tampered; unsigned = no Content Credentials. Files are limited to the upload limit (MAX_ASSET_BYTES), except an MP4, MOV or M4A, by upload or by assetUrl, which may be as large as the video limit (MAX_VIDEO_BYTES): it is spooled to disk and verified as it streams, in constant memory.',
    // Public; a session or API key, when given, attributes the call to its account.
    security: OPTIONAL_BEARER,
    middleware: [ctx.optionalAccount, ctx.clientLimit('verify')] as const,
    request: {
      query: ZVerifyQuery,
      // Not `required`: zod-openapi then checks each body only against the schema of its own content
      // type (JSON, multipart or the file itself); a required body would be run through all.
      body: {
        content: {
          'application/json': { schema: ZVerifyContentRequest, example: { assetUrl: 'https://example.org/photo.jpg' } },
          'multipart/form-data': { schema: VERIFY_UPLOAD_SCHEMA },
          ...Object.fromEntries(FILE_BODY_TYPES.map((type) => [type, { schema: FILE_BODY_SCHEMA }])),
        },
      },
    },
    responses: {
      200: jsonResponse(ZVerifyResponse, 'The verification result, its badge and the full report'),
      ...errorResponses(400, 401, 403, 404, 413, 429),
      422: { description: 'The asset could not be fetched or read (unsupported, malformed or hostile file)', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } },
    },
  });
  api.openapi(route, async (c) => {
    const { thumbnails, at, trustSnapshot, format } = c.req.valid('query');
    // A badge on another site calls cross-origin, so its page's origin arrives as Origin: the referring site of a recovery.
    const origin = c.req.header('origin');
    const referrer = origin && origin !== new URL(ctx.config.publicUrl).origin ? origin.slice(0, 200) : null;
    // Whether the client is over its share is asked as each step places its work (see isClientOverShare).
    const caller = {
      userId: c.var.account?.userId,
      geo: ctx.clientGeo(c),
      thumbnails: thumbnails === '1' || thumbnails === 'true',
      referrer,
      get overShare() {
        return isClientOverShare(c);
      },
      at: at === undefined ? undefined : new Date(at),
      trustSnapshot,
      format,
    };
    // The body is a TVerifyResponse the engine serialized already: sent as it is, typed as what it
    // holds (c.body cannot know).
    const answer = (verification: VerificationAnswer) => c.body(verification.json, 200, { 'content-type': 'application/json' }) as unknown as ReturnType<typeof c.json<TVerifyResponse, 200>>;
    const type = c.req.header('content-type') ?? '';
    // The upload's memory (or spool file) is released once its verification is done, whatever the outcome.
    const verifyUpload = async (file: UploadedFile, declaredMime?: string, sidecar?: SmallUploadedFile | null, arriving?: ArrivingUpload) => {
      try {
        const manifest = sidecar?.bytes;
        const named = declaredMime ? { declaredMime } : { fileName: file.fileName };
        // A spooled file is handed over as a file: an MP4, MOV or M4A is verified from disk, never
        // read whole, and only such a file may pass the asset limit (the size policy's).
        const spooled = manifest ? null : await file.spooled();
        await ctx.services.sizePolicy.assertVerifiable(file.byteLength, spooled);
        if (spooled) {
          const { path, head } = spooled;
          return answer(await ctx.services.verifier.verifyContent({ kind: 'spooled-upload', path, head, sha256: await file.sha256(), ...named, withBytes: (use) => file.withBytes(use) }, caller));
        }
        return answer(await file.withBytes((bytes) => ctx.services.verifier.verifyContent({ kind: 'upload', bytes, sha256: () => file.sha256(), manifest, arriving, ...named }, caller)));
      } finally {
        sidecar?.discard();
        await file.discard();
      }
    };
    // Verified from its first chunk while the rest arrives, when the engine can (a JPEG, a free
    // worker); the file's own verification takes that verdict when it fits (verify-content.ts).
    const arriving = ctx.services.verifier.arrivingUpload(caller);
    if (type.startsWith('multipart/form-data')) {
      const { file, smallFile } = await ctx.uploads.readMultipart(uploadBodyOf(c), { fileField: 'file', smallFile: { field: 'manifest', maxBytes: MAX_SIDECAR_BYTES }, arriving, maxFileBytes: ctx.services.sizePolicy.uploadLimit('verify') });
      if (!file) {
        smallFile?.discard();
        throw ApiError.validation('file is required: the image or video to verify');
      }
      return verifyUpload(file, undefined, smallFile, arriving);
    }
    if (isFileBody(type)) {
      const file = await ctx.uploads.readBody(uploadBodyOf(c), { maxFileBytes: ctx.services.sizePolicy.uploadLimit('verify'), arriving });
      if (!file) throw ApiError.validation('The request body is empty: send the image or video to verify');
      return verifyUpload(file, type, null, arriving);
    }
    const parsed = ZVerifyContentRequest.safeParse(await readJsonBody(c.req));
    if (!parsed.success) throw ApiError.validation(validationMessage(parsed.error));
    const body = parsed.data;
    if ('at' in body && body.at !== undefined) {
      if (at !== undefined && Date.parse(at) !== Date.parse(body.at)) throw ApiError.validation('at is given twice (query and body) with two different times');
      caller.at = new Date(body.at);
    }
    if ('trustSnapshot' in body && body.trustSnapshot !== undefined) {
      if (trustSnapshot !== undefined && trustSnapshot !== body.trustSnapshot) throw ApiError.validation('trustSnapshot is given twice (query and body) with two different IDs');
      caller.trustSnapshot = body.trustSnapshot;
    }
    if ((caller.at || caller.trustSnapshot || caller.format === 'crjson') && 'assetUrl' in body && 'manifestId' in body) {
      throw ApiError.validation('at, trustSnapshot and format=crjson cannot be used with a media check (manifestId with assetUrl): they concern the verification of a file');
    }
    const source =
      'assetUrl' in body && 'manifestId' in body
        ? ({ kind: 'media', manifestId: body.manifestId, url: body.assetUrl, sha256: body.assetSha256 } as const)
        : 'assetUrl' in body
          ? ({ kind: 'url', url: body.assetUrl } as const)
          : ({ kind: 'manifest', manifestId: body.manifestId } as const);
    return answer(await ctx.services.verifier.verifyContent(source, caller));
  });
}
