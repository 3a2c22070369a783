// Analytics screen: four stat cards, verifications per day and failure reasons,
// and the ten most recent verification events, all real figures of the signed-in account.
import { BarChart3 } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/auth/use-session';
import { AnalyticsEmptyState } from './components/analytics-empty-state';
import { AnalyticsStatCards } from './components/analytics-stat-cards';
import { AnalyticsUnavailable } from './components/analytics-unavailable';
import { FailureReasonsChart } from './components/failure-reasons-chart';
import { RecentEvents } from './components/recent-events';
import { BadgeMismatchesCard } from './components/badge-mismatches-card';
import { StrippedCopiesCard } from './components/stripped-copies-card';
import { VerificationsPerDayChart } from './components/verifications-per-day-chart';
import { useAnalytics } from './hooks/use-analytics';
import { hasActivity } from './lib/figures';

export function AnalyticsPage() {
  const session = useSession();
  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        description="Verification activity of your content: totals and the ten most recent verification events."
        icon={<BarChart3 aria-hidden="true" />}
      />
      {session ? <AnalyticsBody userId={session.user.id} /> : null}
    </PageContainer>
  );
}

function AnalyticsBody({ userId }: { userId: string }) {
  const { summary, events, retry } = useAnalytics(userId);

  if (summary.isPending) {
    return (
      <div role="status" aria-label="Loading analytics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-32 animate-pulse rounded-xl border bg-muted" />
        ))}
      </div>
    );
  }
  if (summary.isError) return <AnalyticsUnavailable onRetry={retry} />;

  const data = summary.data;
  return (
    <div className="space-y-8">
      <AnalyticsStatCards summary={data} />
      <StrippedCopiesCard summary={data} />
      <BadgeMismatchesCard summary={data} />
      {hasActivity(data) ? (
        <>
          <div className="grid gap-6 lg:grid-cols-5">
            <div className="lg:col-span-3">
              <VerificationsPerDayChart summary={data} />
            </div>
            <div className="lg:col-span-2">
              <FailureReasonsChart summary={data} />
            </div>
          </div>
          {events.isError ? <AnalyticsUnavailable onRetry={retry} /> : events.data ? <RecentEvents events={events.data} /> : null}
        </>
      ) : (
        <AnalyticsEmptyState />
      )}
    </div>
  );
}
