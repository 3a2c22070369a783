// GET /assets (the account's signed assets), GET /assets/{assetId} (the signed file) and
// GET /assets/{assetId}/thumbnail. Signed files are public by their unguessable ID, so badges and
// reports can show them; the list is the signed-in account's own.
import { createRoute, z } from '@hono/zod-openapi';
import { ZSignedAssetList, ZSignedAssetListQuery, type TSeenElsewhere } from '@provenance/contracts';
import type { SeenElsewhere } from '../../services/verification/copies-seen-elsewhere.ts';
import { assetLinks } from '../../http/asset-links.ts';
import { storedFileReadOptions, storedFileResponse } from '../../http/stored-file-response.ts';
import { storedFileResponses } from '../file-responses.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

const ZAssetParams = z.object({ assetId: z.string().uuid('assetId must be an asset ID').openapi({ example: '0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11' }) });

function downloadName(title: string | null, assetId: string, mime: string): string {
  const extension = mime.split('/')[1]?.replace('jpeg', 'jpg').replace('quicktime', 'mov').replace('svg+xml', 'svg') ?? 'bin';
  const base = (title ?? assetId).replace(/\.[a-z0-9]+$/i, '').replace(/[^a-zA-Z0-9._-]+/g, '-').slice(0, 80) || assetId;
  return `${base}-signed.${extension}`;
}

function seenElsewhereJson(seen: SeenElsewhere): TSeenElsewhere {
  const copies = ({ count, places }: SeenElsewhere['stripped']) => ({ count, places: places.map((place) => ({ ...place, firstSeen: place.firstSeen.toISOString(), lastSeen: place.lastSeen.toISOString() })) });
  return { stripped: copies(seen.stripped), tampered: copies(seen.tampered), mismatched: copies(seen.mismatched) };
}

export function registerAssetRoutes(api: ApiApp, ctx: RouteContext): void {
  const list = createRoute({
    method: 'get',
    path: '/assets',
    tags: ['sign'],
    summary: 'The signed-in account’s signed assets, newest first, a page at a time',
    description:
      'Each signed file with its own verdict now (the stored file verified under the trust lists and revocation in force; reused from the verification cache when it holds it) and, apart, the copies of it verified elsewhere: stripped, tampered, and badges shown on other media, with where and when they were seen.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { query: ZSignedAssetListQuery },
    responses: { 200: jsonResponse(ZSignedAssetList, 'A page of signed assets: each file’s own verdict, its copies seen elsewhere and its verification count'), ...errorResponses(400, 401) },
  });
  api.openapi(list, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const page = await ctx.services.signedContent.page(c.var.account.userId, { limit, cursor });
    // An account has a handful of identities: one query names the signer of every listed asset.
    const identities = new Map((await ctx.services.signingIdentities.list(c.var.account.userId)).map((identity) => [identity.id, identity]));
    const assets = page.assets.map((row) => {
      const identity = row.signingIdentityId ? identities.get(row.signingIdentityId) : undefined;
      const links = assetLinks(ctx.apiBaseUrl(c), row.id, row.manifestId);
      return {
        assetId: row.id,
        manifestId: row.manifestId,
        title: row.title,
        mime: row.mime,
        bytes: row.signedBytes,
        createdAt: row.createdAt.toISOString(),
        status: row.verdict?.status ?? null,
        verdict: row.verdict,
        seenElsewhere: seenElsewhereJson(row.seenElsewhere),
        verificationCount: row.verificationCount,
        signedAssetUrl: links.signedAssetUrl,
        manifestUrl: links.manifestUrl,
        sidecarUrl: links.sidecarUrl,
        thumbnailUrl: row.hasThumbnail ? links.thumbnailUrl : null,
        sidecar: row.sidecar,
        parentCredentialsWarning: row.parentCredentialsWarning,
        signedBy: identity ? { identityId: identity.id, kind: identity.kind, subject: identity.subject } : null,
      };
    });
    return c.json({ assets, nextCursor: page.nextCursor }, 200);
  });

  const file = createRoute({
    method: 'get',
    path: '/assets/{assetId}',
    tags: ['sign'],
    summary: 'Download a signed asset',
    request: { params: ZAssetParams },
    responses: { ...storedFileResponses('application/octet-stream', 'The signed file, with its C2PA manifest embedded'), ...errorResponses(404) },
  });
  api.openapi(file, async (c) => {
    const { assetId } = c.req.valid('param');
    const { row, read } = await ctx.services.signedAssetFiles.signedFile(assetId, storedFileReadOptions(c));
    const disposition = c.req.query('download') === '0' ? 'inline' : `attachment; filename="${downloadName(row.title, row.id, row.mime)}"`;
    return storedFileResponse(c, read, { 'content-type': row.mime, 'content-disposition': disposition, 'cache-control': 'public, max-age=31536000, immutable' });
  });

  const thumbnail = createRoute({
    method: 'get',
    path: '/assets/{assetId}/thumbnail',
    tags: ['sign'],
    summary: 'A JPEG thumbnail of a signed image',
    request: { params: ZAssetParams },
    responses: { ...storedFileResponses('image/jpeg', 'The thumbnail'), ...errorResponses(404) },
  });
  api.openapi(thumbnail, async (c) => {
    const read = await ctx.services.signedAssetFiles.thumbnail(c.req.valid('param').assetId, storedFileReadOptions(c));
    return storedFileResponse(c, read, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=31536000, immutable' });
  });
}
