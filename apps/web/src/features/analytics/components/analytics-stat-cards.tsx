// The four stat cards of the Analytics screen with the account's real figures:
// manifests signed, verifications of its content, the verified share and today's verifications.
import { CalendarClock, FileSignature, ShieldCheck, Activity } from 'lucide-react';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { StatCard } from '@/components/stat-card';
import { formatCount, formatPercent } from '../lib/figures';

export function AnalyticsStatCards({ summary }: { summary: TAnalyticsSummary }) {
  const { verifications } = summary;
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Manifests" value={formatCount(summary.manifests)} hint="Content Credentials you have signed" icon={<FileSignature />} />
      <StatCard label="Verifications" value={formatCount(verifications.total)} hint="Checks of your content, all verdicts" icon={<Activity />} />
      <StatCard
        label="Verified"
        value={formatPercent(summary.successRate)}
        hint={verifications.total === 0 ? 'No verifications yet' : `${formatCount(verifications.verified)} of ${formatCount(verifications.total)} verified`}
        icon={<ShieldCheck />}
      />
      <StatCard label="Today" value={formatCount(summary.verificationsToday)} hint="Verifications since midnight (UTC)" icon={<CalendarClock />} />
    </section>
  );
}
