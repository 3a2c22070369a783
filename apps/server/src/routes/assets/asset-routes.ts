// GET /assets (the account's signed assets), GET /assets/{assetId} (the signed file),
// GET /assets/{assetId}/thumbnail, GET /assets/{assetId}/before-timestamp (the file a timestamp added
// later replaced) and POST /assets/{assetId}/timestamp (add it now). Signed files are public by their
// unguessable ID, so badges and reports can show them; the list and the timestamp are the account's own.
import { createRoute, z } from '@hono/zod-openapi';
import { ZAssetTimestampResponse, ZSignedAssetList, ZSignedAssetListQuery, type TSeenElsewhere } from '@provenance/contracts';
import { assetTimestampAnswer } from './asset-timestamp-answer.ts';
import type { SeenElsewhere } from '../../services/verification/copies-seen-elsewhere.ts';
import { assetLinks } from '../../http/asset-links.ts';
import { notModifiedResponse, storedFileReadOptions, storedFileResponse } from '../../http/stored-file-response.ts';
import { notModifiedResponses, storedFileResponses } from '../file-responses.ts';
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
        timestamp: assetTimestampAnswer(ctx.apiBaseUrl(c), row),
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
    responses: { ...storedFileResponses('application/octet-stream', 'The signed file, with its C2PA manifest embedded'), ...notModifiedResponses, ...errorResponses(404) },
  });
  api.openapi(file, async (c) => {
    const { assetId } = c.req.valid('param');
    const { row, read } = await ctx.services.signedAssetFiles.signedFile(assetId, storedFileReadOptions(c));
    const disposition = c.req.query('download') === '0' ? 'inline' : `attachment; filename="${downloadName(row.title, row.id, row.mime)}"`;
    // A file without its timestamp may be replaced by the timestamped one at this same URL: caches ask again (its ETag says whether it changed).
    const cacheControl = row.timestampState === 'added' ? 'public, max-age=31536000, immutable' : 'public, no-cache';
    const etag = `"${row.signedAssetHash}"`;
    return notModifiedResponse(c, read, { etag, 'cache-control': cacheControl }) ?? storedFileResponse(c, read, { 'content-type': row.mime, 'content-disposition': disposition, 'cache-control': cacheControl, etag });
  });

  const beforeTimestamp = createRoute({
    method: 'get',
    path: '/assets/{assetId}/before-timestamp',
    tags: ['sign'],
    summary: 'The signed file as it was before its timestamp was added',
    description: 'When a trusted timestamp was added after signing (an update manifest), the file served at the asset’s URL was replaced; the version it replaced is kept unchanged here.',
    request: { params: ZAssetParams },
    responses: { ...storedFileResponses('application/octet-stream', 'The signed file as first served'), ...errorResponses(404) },
  });
  api.openapi(beforeTimestamp, async (c) => {
    const { assetId } = c.req.valid('param');
    const { row, read } = await ctx.services.signedAssetFiles.signedFileBeforeTimestamp(assetId, storedFileReadOptions(c));
    const disposition = c.req.query('download') === '0' ? 'inline' : `attachment; filename="${downloadName(row.title, row.id, row.mime).replace(/-signed\./, '-signed-before-timestamp.')}"`;
    return storedFileResponse(c, read, { 'content-type': row.mime, 'content-disposition': disposition, 'cache-control': 'public, max-age=31536000, immutable' });
  });

  const addTimestamp = createRoute({
    method: 'post',
    path: '/assets/{assetId}/timestamp',
    tags: ['sign'],
    summary: 'Add a trusted timestamp to a signed asset now',
    description:
      'Asks the time-stamping authority (TSA_URL) for a timestamp over the asset’s claim signature and adds it as a C2PA update manifest (a c2pa.time-stamp assertion; the content untouched): for an asset whose timestamp is pending, was given up on, or that was signed before an authority was configured. The file at signedAssetUrl is then the updated one; the one it replaced stays at timestamp.previousVersionUrl. 409 when the signature already carries a timestamp; 502 when the authority did not answer (nothing changed).',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZAssetParams },
    responses: { 200: jsonResponse(ZAssetTimestampResponse, 'The timestamp was added'), ...errorResponses(400, 401, 404, 409, 502) },
  });
  api.openapi(addTimestamp, async (c) => {
    const { assetId } = c.req.valid('param');
    const row = await ctx.services.timestamps.addNow(c.var.account.userId, assetId);
    const base = ctx.apiBaseUrl(c);
    return c.json(
      {
        assetId: row.id,
        manifestId: row.manifestId,
        timestampManifestId: row.timestampManifestId ?? row.manifestId,
        signedAssetUrl: assetLinks(base, row.id, row.manifestId).signedAssetUrl,
        timestamp: assetTimestampAnswer(base, row),
      },
      200,
    );
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
