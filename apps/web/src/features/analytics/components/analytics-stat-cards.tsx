// The stat cards of the Analytics screen with the account's real figures: manifests signed,
// verifications of its own content (by anyone) apart from those it ran of other people's files, the
// verified share of its own content and today's verifications.
import { CalendarClock, FileSearch, FileSignature, ShieldCheck, Activity } from 'lucide-react';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { StatCard } from '@/components/stat-card';
import { formatCount, formatPercent } from '../lib/figures';

export function AnalyticsStatCards({ summary }: { summary: TAnalyticsSummary }) {
  const { ownContent, performed } = summary;
  const ownRate = ownContent.total === 0 ? null : (ownContent.verified / ownContent.total) * 100;
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <StatCard label="Manifests" value={formatCount(summary.manifests)} hint="Content Credentials you have signed" icon={<FileSignature />} />
      <StatCard label="Verifications" value={formatCount(ownContent.total)} hint="Checks of your content, by anyone, all verdicts" icon={<Activity />} />
      <StatCard
        label="Verified"
        value={formatPercent(ownRate)}
        hint={ownContent.total === 0 ? 'No verifications of your content yet' : `${formatCount(ownContent.verified)} of ${formatCount(ownContent.total)} checks of your content verified`}
        icon={<ShieldCheck />}
      />
      <StatCard label="You verified" value={formatCount(performed.total)} hint="Files of others you checked while signed in" icon={<FileSearch />} />
      <StatCard label="Today" value={formatCount(summary.verificationsToday)} hint="Verifications since midnight (UTC), both kinds" icon={<CalendarClock />} />
    </section>
  );
}
