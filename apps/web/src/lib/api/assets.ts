// /assets: the signed-in account's signed assets, newest first, their thumbnails, and transforms
// (a resized or converted copy, signed with the asset as its parent). The key
// carries the user ID so one account never sees another's cached assets.
import { queryOptions } from '@tanstack/react-query';
import type { TSignContentResponse, TSignedAsset, TSignedAssetList, TTransformRequest } from '@provenance/contracts';
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

/** POST /assets/{id}/transform: a resized, cropped or converted copy, signed with the asset as parent ingredient. */
export function transformAsset(assetId: string, transform: TTransformRequest): Promise<TSignContentResponse> {
  return apiRequest<TSignContentResponse>(`/assets/${encodeURIComponent(assetId)}/transform`, { method: 'POST', json: transform });
}
