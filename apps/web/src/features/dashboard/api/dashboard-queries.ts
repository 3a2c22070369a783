// The dashboard's reads: the account's figures for the three stat cards and its signed assets,
// newest first; plus the share and download events the screen records.
import { queryOptions } from '@tanstack/react-query';
import type { TAnalyticsEventType, TAnalyticsSummary, TSignedAsset, TSignedAssetList, TTrackAnalyticsResponse } from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export const dashboardKeys = {
  summary: (userId: string) => ['analytics', userId, 'summary'] as const,
  assets: (userId: string) => ['assets', userId] as const,
};

export function accountSummaryQuery(userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.summary(userId),
    queryFn: ({ signal }) => apiRequest<TAnalyticsSummary>('/analytics/summary', { signal }),
  });
}

export function signedAssetsQuery(userId: string) {
  return queryOptions({
    queryKey: dashboardKeys.assets(userId),
    queryFn: async ({ signal }): Promise<TSignedAsset[]> => (await apiRequest<TSignedAssetList>('/assets', { signal })).assets,
  });
}

/**
 * Records a share or a download of a signed asset in its analytics. Analytics are a side matter,
 * so a failure is only logged and never gets in the person's way.
 */
export async function trackAssetEvent(eventType: Extract<TAnalyticsEventType, 'share' | 'download'>, assetId: string): Promise<void> {
  try {
    await apiRequest<TTrackAnalyticsResponse>('/track-analytics', { json: { eventType, data: { assetId, userAgent: navigator.userAgent } } });
  } catch (error) {
    console.warn(`The ${eventType} was not recorded in analytics`, error);
  }
}
