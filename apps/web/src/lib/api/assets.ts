// /assets: the signed-in account's signed assets, newest first, a page at a time (each with its own
// verdict now and its copies seen elsewhere), their thumbnails, and transforms (a resized or
// converted copy, signed with the asset as its parent). The key carries the user ID so one account
// never sees another's cached assets.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { TSignContentResponse, TSignedAssetList, TTransformRequest } from '@provenance/contracts';
import { apiRequest, apiUrl } from './client';

export const assetKeys = {
  all: (userId: string) => ['assets', userId] as const,
};

/** Assets per page: each listed file's verdict may cost the server a verification. */
export const SIGNED_ASSETS_PAGE_SIZE = 20;

export function signedAssetsQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.all(userId),
    queryFn: ({ pageParam, signal }): Promise<TSignedAssetList> =>
      apiRequest<TSignedAssetList>(`/assets?limit=${SIGNED_ASSETS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
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
