// /assets: the signed-in account's signed assets, newest first, and their thumbnails. The key
// carries the user ID so one account never sees another's cached assets.
import { queryOptions } from '@tanstack/react-query';
import type { TSignedAsset, TSignedAssetList } from '@provenance/contracts';
import { apiRequest, apiUrl } from './client';

export const assetKeys = {
  all: (userId: string) => ['assets', userId] as const,
};

export function signedAssetsQuery(userId: string) {
  return queryOptions({
    queryKey: assetKeys.all(userId),
    queryFn: async ({ signal }): Promise<TSignedAsset[]> => (await apiRequest<TSignedAssetList>('/assets', { signal })).assets,
  });
}

/** A signed asset's thumbnail, served by the gateway (GET /assets/{id}/thumbnail). */
export function assetThumbnailUrl(assetId: string): string {
  return apiUrl(`/assets/${encodeURIComponent(assetId)}/thumbnail`);
}
