// Where the API serves a signed asset, its manifest, its .c2pa sidecar and its thumbnail: absolute
// URLs under the public API base, built only in the HTTP layer. The base is PUBLIC_URL + /api/v1
// when the operator set PUBLIC_URL; without it, the origin the client used, so that a server
// started with only PORT (or reached by its LAN address) answers links that work.
import type { Context } from 'hono';
import { isSecureRequest } from '../middleware/client-ip.ts';
import type { PublicLinks } from '../services/public-links.ts';

export const API_BASE_PATH = '/api/v1';

export interface ApiBaseOptions {
  /** PUBLIC_URL, or its default (http://localhost:PORT). */
  publicUrl: string;
  /** PUBLIC_URL was not set: links follow the request's origin. */
  followRequest: boolean;
  /** X-Forwarded-Host and -Proto count only behind a trusted proxy (clients can forge them). */
  trustProxy: boolean;
}

/** The API base of this request's links. */
export function apiBaseOf(c: Context, options: ApiBaseOptions): string {
  const fixed = `${options.publicUrl.replace(/\/$/, '')}${API_BASE_PATH}`;
  if (!options.followRequest) return fixed;
  const host = (options.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined) ?? c.req.header('host');
  const scheme = isSecureRequest(c, options.trustProxy) ? 'https' : 'http';
  if (!host) return fixed;
  try {
    const origin = new URL(`${scheme}://${host}`);
    // Only a bare host[:port]: anything else in the header (a path, credentials) is not an origin.
    if (origin.host !== host.toLowerCase() || origin.pathname !== '/' || origin.username || origin.password) return fixed;
    return `${origin.origin}${API_BASE_PATH}`;
  } catch {
    return fixed;
  }
}

export interface AssetLinks {
  signedAssetUrl: string;
  manifestUrl: string;
  sidecarUrl: string;
  thumbnailUrl: string;
  /** The signed file as it was before a timestamp was added to it (kept when the one served was replaced). */
  previousVersionUrl: string;
}

export function assetLinks(apiBaseUrl: string, assetId: string, manifestId: string): AssetLinks {
  const manifestUrl = `${apiBaseUrl}/manifests/${encodeURIComponent(manifestId)}`;
  return {
    signedAssetUrl: `${apiBaseUrl}/assets/${assetId}`,
    manifestUrl,
    sidecarUrl: `${manifestUrl}?format=c2pa`,
    thumbnailUrl: `${apiBaseUrl}/assets/${assetId}/thumbnail`,
    previousVersionUrl: `${apiBaseUrl}/assets/${assetId}/before-timestamp`,
  };
}

/**
 * The links services write (services/public-links.ts), under PUBLIC_URL: the signed asset's under
 * PUBLIC_URL with its path, the others under its origin.
 */
export function publicLinks(publicUrl: string): PublicLinks {
  const base = `${publicUrl.replace(/\/$/, '')}${API_BASE_PATH}`;
  const underOrigin = (path: string) => new URL(`${API_BASE_PATH}${path}`, publicUrl).href;
  return {
    ocspUrl: underOrigin('/pki/ocsp'),
    signedAssetUrl: (assetId) => `${base}/assets/${assetId}`,
    sbrManifestUrl: (manifestId) => underOrigin(`/sbr/manifests/${encodeURIComponent(manifestId)}`),
    thumbnailUrl: (assetId) => underOrigin(`/assets/${encodeURIComponent(assetId)}/thumbnail`),
    previousVersionUrl: (assetId) => `${base}/assets/${assetId}/before-timestamp`,
  };
}
