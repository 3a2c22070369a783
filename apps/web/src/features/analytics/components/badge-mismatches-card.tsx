// How often a badge showed the account's credentials around a picture they do not belong to
// (mismatch), or one that could not be checked against them (unchecked): counted apart from the
// verifications, never as verified. Hidden while there are none.
import type { TAnalyticsSummary } from '@provenance/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function BadgeMismatchesCard({ summary }: { summary: TAnalyticsSummary }) {
  const checks = summary.mediaChecks;
  if (!checks || checks.mismatch + checks.unchecked === 0) return null;
  return (
    <Card data-testid="badge-mismatches">
      <CardHeader>
        <CardTitle level={2}>Badges around other pictures</CardTitle>
        <CardDescription>Badges that named your Content Credentials for a picture they do not belong to, or one that could not be checked against them. These are not counted as verifications.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        <p>
          <span className="text-2xl font-semibold" data-testid="badge-mismatch-count">
            {checks.mismatch}
          </span>{' '}
          {checks.mismatch === 1 ? 'mismatch' : 'mismatches'}, {checks.unchecked} unchecked.
        </p>
      </CardContent>
    </Card>
  );
}
