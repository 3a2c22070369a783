// Calls of the report page: verify an asset URL or an uploaded file (POST /verify-content), or load
// the report of a manifest this gateway holds (GET /manifests/{id}). Thumbnails are asked for as
// data: URLs so the report can draw them without loading anything from another origin.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVerifyResponse } from '@provenance/contracts';
import { apiRequest, apiUrl } from '@/lib/api-client';

export function verifyAssetUrl(assetUrl: string): Promise<TVerifyResponse> {
  return apiRequest<TVerifyResponse>('/verify-content?thumbnails=1', { json: { assetUrl } });
}

export function verifyAssetFile(file: File): Promise<TVerifyResponse> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return apiRequest<TVerifyResponse>('/verify-content?thumbnails=1', { formData });
}

export function fetchManifestReport(manifestId: string): Promise<TVerifyResponse> {
  return apiRequest<TVerifyResponse>(`/manifests/${encodeURIComponent(manifestId)}?thumbnails=1`);
}

/** Each visit verifies again (a verdict changes when trust lists do), but not on every re-render. */
export const manifestReportQuery = (manifestId: string) =>
  queryOptions({ queryKey: ['verify-report', 'manifest', manifestId], queryFn: () => fetchManifestReport(manifestId), staleTime: Infinity, gcTime: 0, retry: false });

export function useManifestReport(manifestId: string) {
  return useQuery(manifestReportQuery(manifestId));
}

/**
 * Whether the gateway holds the `.c2pa` manifest store of this manifest (only manifests it signed).
 * A HEAD request answers without downloading the store.
 */
export async function hasManifestStore(manifestId: string): Promise<boolean> {
  try {
    const response = await fetch(apiUrl(`/manifests/${encodeURIComponent(manifestId)}?format=c2pa`), { method: 'HEAD', credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

export function useHasManifestStore(manifestId: string | null, known?: boolean) {
  return useQuery({
    queryKey: ['verify-report', 'store', manifestId],
    queryFn: () => hasManifestStore(manifestId ?? ''),
    enabled: !!manifestId && known === undefined,
    staleTime: Infinity,
    retry: false,
  });
}
