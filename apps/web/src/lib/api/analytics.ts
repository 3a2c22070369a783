// The account's analytics: GET /analytics/summary (the stat cards of the dashboard and the analytics
// screen, and the charts), GET /analytics/events (the most recent verification events, newest
// first), and POST /track-analytics (shares, downloads and report views). Keys carry the user ID so
// one account never sees another's cached figures; analyticsKeys.all(userId) covers all of them.
import { queryOptions } from '@tanstack/react-query';
import type {
  TAnalyticsEventType,
  TAnalyticsSummary,
  TTrackAnalyticsRequest,
  TTrackAnalyticsResponse,
  TVerificationEvent,
  TVerificationEventList,
} from '@provenance/contracts';
import { apiRequest } from './client';

/** Recent events limit 10. */
export const RECENT_EVENTS_LIMIT = 10;

export const analyticsKeys = {
  all: (userId: string) => ['analytics', userId] as const,
  summary: (userId: string) => ['analytics', userId, 'summary'] as const,
  recentEvents: (userId: string, limit: number) => ['analytics', userId, 'events', limit] as const,
};

export function analyticsSummaryQuery(userId: string) {
  return queryOptions({
    queryKey: analyticsKeys.summary(userId),
    queryFn: ({ signal }) => apiRequest<TAnalyticsSummary>('/analytics/summary', { signal }),
  });
}

export function recentVerificationEventsQuery(userId: string, limit = RECENT_EVENTS_LIMIT) {
  return queryOptions({
    queryKey: analyticsKeys.recentEvents(userId, limit),
    queryFn: async ({ signal }): Promise<TVerificationEvent[]> =>
      (await apiRequest<TVerificationEventList>(`/analytics/events?limit=${limit}`, { signal })).events,
  });
}

/** The events the web app records; verifications are recorded by the server itself. */
export type TrackedEvent = Extract<TAnalyticsEventType, 'share' | 'download' | 'report_view'>;

/**
 * Records an event about an asset (a signed asset's ID or a held manifest's ID). Analytics are a
 * side matter, so this never rejects: a failure is only logged and never gets in the person's way.
 */
export async function trackEvent(eventType: TrackedEvent, assetId: string): Promise<void> {
  const body: TTrackAnalyticsRequest = { eventType, data: { assetId, userAgent: navigator.userAgent } };
  try {
    await apiRequest<TTrackAnalyticsResponse>('/track-analytics', { json: body });
  } catch (error) {
    console.warn(`The ${eventType} was not recorded in analytics`, error);
  }
}
