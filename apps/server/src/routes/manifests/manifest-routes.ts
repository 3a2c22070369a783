// GET /manifests/{manifestId}: the manifest of an asset we signed, as the JSON verification report,
// or as the .c2pa manifest store with `Accept: application/c2pa` or `?format=c2pa`.
// GET /manifests/{manifestId}/evidence: the evidence to keep, one ZIP archive (the report, crJSON, the
// .c2pa store, the signer's chain, the trust anchors and snapshot in force, the OCSP answer, a README).
// GET /manifests/by-hash/{sha256}: which manifest an asset we signed has, found by the SHA-256 of its
// original, signed or stripped file (a browser computes it, so a file is found without being uploaded).
import { createRoute, z } from '@hono/zod-openapi';
import { EVIDENCE_ARCHIVE_MEMBERS, ZManifestByHashResponse, ZSha256Hex, ZVerifyResponse } from '@provenance/contracts';
import { storedFileReadOptions, storedFileResponse } from '../../http/stored-file-response.ts';
import { rangedFileResponses, storedFileResponses } from '../file-responses.ts';
import { errorResponses } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

export function registerManifestRoutes(api: ApiApp, ctx: RouteContext): void {
  const byHash = createRoute({
    method: 'get',
    path: '/manifests/by-hash/{sha256}',
    tags: ['verify'],
    summary: 'The manifest of an asset this gateway signed, found by the SHA-256 of its original or signed file',
    request: { params: z.object({ sha256: ZSha256Hex }) },
    responses: {
      200: { description: 'The manifest ID; its report is at GET /manifests/{manifestId}', content: { 'application/json': { schema: ZManifestByHashResponse } } },
      ...errorResponses(400, 404),
    },
  });
  api.openapi(byHash, async (c) => {
    const { sha256 } = c.req.valid('param');
    // The manifest repository's index also knows the signed file stripped of its manifest; an asset
    // signed before the index existed is still found by its own row.
    const indexed = await ctx.services.repository.manifestIdByHash(sha256.toLowerCase());
    return c.json({ manifestId: indexed ?? (await ctx.services.signedAssetFiles.manifestIdByHash(sha256)) }, 200);
  });

  const route = createRoute({
    method: 'get',
    path: '/manifests/{manifestId}',
    tags: ['verify'],
    summary: 'A manifest this gateway signed: JSON report, or the .c2pa manifest store',
    request: {
      params: z.object({ manifestId: z.string().min(1).max(200).openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }) }),
      query: z.object({
        format: z.enum(['json', 'c2pa']).optional().openapi({ description: 'c2pa for the manifest store bytes (same as Accept: application/c2pa)' }),
        thumbnails: z.enum(['0', '1']).optional(),
      }),
    },
    responses: {
      200: {
        description: 'The verification report of the signed asset, or the manifest store',
        content: { 'application/json': { schema: ZVerifyResponse }, 'application/c2pa': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...rangedFileResponses('application/c2pa'),
      ...errorResponses(404),
    },
  });
  api.openapi(route, async (c) => {
    const { manifestId } = c.req.valid('param');
    const { format, thumbnails } = c.req.valid('query');
    const wantsStore = format === 'c2pa' || (format === undefined && (c.req.header('accept') ?? '').includes('application/c2pa'));
    if (wantsStore) {
      const read = await ctx.services.signedAssetFiles.manifestStore(manifestId, storedFileReadOptions(c));
      const fileName = `${manifestId.replace(/[^a-zA-Z0-9-]/g, '_')}.c2pa`;
      return storedFileResponse(c, read, { 'content-type': 'application/c2pa', 'content-disposition': `attachment; filename="${fileName}"` });
    }
    return c.json(await ctx.services.verifier.verifyStored(manifestId, { thumbnails: thumbnails === '1' }), 200);
  });

  const heldAsset = createRoute({
    method: 'get',
    path: '/manifests/{manifestId}/asset',
    tags: ['verify'],
    summary: 'The signed file this gateway holds for a manifest, to show beside its report',
    request: { params: z.object({ manifestId: z.string().min(1).max(200).openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }) }) },
    responses: { ...storedFileResponses('application/octet-stream', 'The signed file, inline'), ...errorResponses(404) },
  });
  api.openapi(heldAsset, async (c) => {
    const { row, read } = await ctx.services.signedAssetFiles.signedFileOfManifest(c.req.valid('param').manifestId, storedFileReadOptions(c));
    return storedFileResponse(c, read, { 'content-type': row.mime, 'content-disposition': 'inline', 'cache-control': 'public, max-age=31536000, immutable' });
  });

  const evidence = createRoute({
    method: 'get',
    path: '/manifests/{manifestId}/evidence',
    tags: ['verify'],
    summary: 'The evidence of a manifest this gateway holds, as one ZIP archive to keep',
    description: `Members: ${Object.values(EVIDENCE_ARCHIVE_MEMBERS).join(', ')}. The report is the file's verdict now (as GET /manifests/{manifestId} gives it); crJSON is c2pa-rs's own, made under the same trust snapshot as of the same instant (verification.evidence); the OCSP answer is the one the revocation verdict rests on (asked, or stapled in the signature), absent when there is none; README.txt says what each file is, what is absent and why, and how to re-check the verdict (POST /verify-content with trustSnapshot and at).`,
    request: { params: z.object({ manifestId: z.string().min(1).max(200).openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }) }) },
    responses: {
      200: { description: 'The evidence archive (ZIP), as an attachment', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } },
      ...errorResponses(404),
    },
  });
  api.openapi(evidence, async (c) => {
    const archive = await ctx.services.evidenceArchives.ofManifest(c.req.valid('param').manifestId);
    return c.body(archive.body, 200, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${archive.fileName}"`, 'cache-control': 'no-store' });
  });
}
