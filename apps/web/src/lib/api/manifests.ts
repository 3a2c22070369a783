// GET /manifests/{id}: the report of a manifest this gateway signed and holds (verified again on
// each read, thumbnails as data: URLs), and its `.c2pa` manifest store; GET /manifests/{id}/evidence:
// its evidence archive (one ZIP); GET /manifests/by-hash/{sha256}:
// which of them a file is, by a hash computed on the device.
import { queryOptions } from '@tanstack/react-query';
import type { TManifestByHashResponse, TVerifyResponse } from '@provenance/contracts';
import { ApiError, apiRequest, apiUrl } from './client';

function manifestPath(manifestId: string): string {
  return `/manifests/${encodeURIComponent(manifestId)}`;
}

export const manifestKeys = {
  all: ['manifests'] as const,
  report: (manifestId: string) => ['manifests', manifestId, 'report'] as const,
  store: (manifestId: string | null) => ['manifests', manifestId, 'store'] as const,
};

export function fetchManifestReport(manifestId: string): Promise<TVerifyResponse> {
  return apiRequest<TVerifyResponse>(`${manifestPath(manifestId)}?thumbnails=1`);
}

/** Each visit verifies again (a verdict changes when trust lists do), but not on every re-render. */
export function manifestReportQuery(manifestId: string) {
  return queryOptions({ queryKey: manifestKeys.report(manifestId), queryFn: () => fetchManifestReport(manifestId), staleTime: Infinity, gcTime: 0, retry: false });
}

/** Where the `.c2pa` manifest store downloads from. */
/** The signed file the gateway holds for a manifest, served inline for the report page. */
/** The app's report page of a manifest this gateway holds (the badge's 'full report' link). */
export function manifestReportPath(manifestId: string): string {
  return `/v/${encodeURIComponent(manifestId)}`;
}

export function heldAssetUrl(manifestId: string): string {
  return apiUrl(`${manifestPath(manifestId)}/asset`);
}

export function manifestStoreUrl(manifestId: string): string {
  return apiUrl(`${manifestPath(manifestId)}?format=c2pa`);
}

/** Where the evidence archive (report, crJSON, .c2pa, chain, anchors, OCSP answer, trust snapshot) downloads from. */
export function manifestEvidenceUrl(manifestId: string): string {
  return apiUrl(`${manifestPath(manifestId)}/evidence`);
}

/**
 * Whether the gateway holds the `.c2pa` manifest store of this manifest (only manifests it signed).
 * A HEAD request answers without downloading the store.
 */
export async function hasManifestStore(manifestId: string): Promise<boolean> {
  try {
    const response = await fetch(manifestStoreUrl(manifestId), { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Asked only when the caller does not already know the answer (`known`). */
export function manifestStoreQuery(manifestId: string | null, known?: boolean) {
  return queryOptions({
    queryKey: manifestKeys.store(manifestId),
    queryFn: () => hasManifestStore(manifestId ?? ''),
    enabled: !!manifestId && known === undefined,
    staleTime: Infinity,
    retry: false,
  });
}

/** The manifest of the asset this gateway signed whose original or signed file has this SHA-256; null when none. */
export async function findManifestByHash(sha256: string): Promise<string | null> {
  try {
    return (await apiRequest<TManifestByHashResponse>(`/manifests/by-hash/${sha256}`)).manifestId;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
