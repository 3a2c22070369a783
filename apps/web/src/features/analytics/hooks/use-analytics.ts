// The analytics screen's data: summary and recent events of the signed-in account. A load failure
// is logged once per failure, never thrown into the route's error boundary.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { analyticsSummaryQuery, recentVerificationEventsQuery } from '@/lib/api/analytics';

export function useAnalytics(userId: string) {
  const summary = useQuery(analyticsSummaryQuery(userId));
  const events = useQuery(recentVerificationEventsQuery(userId));

  useEffect(() => {
    if (summary.error) console.error('Analytics: the summary could not be loaded', summary.error);
  }, [summary.error]);
  useEffect(() => {
    if (events.error) console.error('Analytics: the recent verification events could not be loaded', events.error);
  }, [events.error]);

  return {
    summary,
    events,
    retry: () => {
      void summary.refetch();
      void events.refetch();
    },
  };
}
