// Analytics reads of the signed-in account (SPEC.md section 7, data reads): the summary behind the
// stat cards and charts, and the ten most recent verification events, newest first.
import { queryOptions } from '@tanstack/react-query';
import type { TAnalyticsSummary, TVerificationEvent, TVerificationEventList } from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

/** SPEC.md section 9: recent events limit 10. */
export const RECENT_EVENTS_LIMIT = 10;

export function analyticsSummaryQuery(userId: string) {
  return queryOptions({
    queryKey: ['analytics', userId, 'summary'] as const,
    queryFn: ({ signal }) => apiRequest<TAnalyticsSummary>('/analytics/summary', { signal }),
  });
}

export function recentEventsQuery(userId: string) {
  return queryOptions({
    queryKey: ['analytics', userId, 'events', RECENT_EVENTS_LIMIT] as const,
    queryFn: async ({ signal }): Promise<TVerificationEvent[]> =>
      (await apiRequest<TVerificationEventList>(`/analytics/events?limit=${RECENT_EVENTS_LIMIT}`, { signal })).events,
  });
}
