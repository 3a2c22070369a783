// The dashboard's three stat cards with the account's real figures (replacing the
// prototype's static ones): assets signed, verifications of its content, success rate.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Activity, FileSignature, ShieldCheck } from 'lucide-react';
import { StatCard } from '@/components/stat-card';
import { analyticsSummaryQuery } from '@/lib/api/analytics';

function count(value: number | undefined): string {
  return value === undefined ? '…' : new Intl.NumberFormat().format(value);
}

export function DashboardStatCards({ userId }: { userId: string }) {
  const summary = useQuery(analyticsSummaryQuery(userId));
  useEffect(() => {
    // Figures are a side matter here: the failure is logged and the signing panel stays usable.
    if (summary.error) console.error('Dashboard: the account figures could not be loaded', summary.error);
  }, [summary.error]);
  const data = summary.data;
  // The dashboard is about the account's own content: checks it ran of other files are not counted.
  const own = data?.ownContent;
  const rate = own === undefined ? undefined : own.total === 0 ? null : (own.verified / own.total) * 100;
  const unavailable = summary.isError ? 'Not available right now' : null;
  return (
    <section aria-label="Your figures" className="grid grid-cols-3 gap-2 sm:gap-4" aria-busy={summary.isPending}>
      <StatCard compactOnPhones label="Assets Signed" value={summary.isError ? '—' : count(data?.manifests)} hint={unavailable ?? 'Manifests signed by this account'} icon={<FileSignature />} />
      <StatCard
        compactOnPhones
        label="Verifications"
        value={summary.isError ? '—' : count(own?.total)}
        hint={unavailable ?? 'Checks of your content by anyone, all verdicts'}
        icon={<Activity />}
      />
      <StatCard
        compactOnPhones
        label="Success Rate"
        value={rate === undefined ? (summary.isError ? '—' : '…') : rate === null ? '—' : `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(rate)}%`}
        hint={unavailable ?? (rate === null ? 'No verifications yet' : 'Share of checks of your content that verified')}
        icon={<ShieldCheck />}
      />
    </section>
  );
}
