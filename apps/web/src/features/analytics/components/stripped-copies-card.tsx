// How often the account's content arrived stripped of its Content Credentials and was matched in the
// manifest repository: the count, by method (exact hash or ISCC fingerprint), and the sites that
// showed those copies. Hidden while there are none.
import type { TAnalyticsSummary } from '@provenance/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export function StrippedCopiesCard({ summary }: { summary: TAnalyticsSummary }) {
  const stripped = summary.stripped;
  if (!stripped || stripped.count === 0) return null;
  return (
    <Card data-testid="stripped-copies">
      <CardHeader>
        <CardTitle level={2}>Arrived without credentials</CardTitle>
        <CardDescription>Copies of your content whose Content Credentials had been removed, matched in this gateway&apos;s repository.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>
          <span className="text-2xl font-semibold">{stripped.count}</span> {stripped.count === 1 ? 'copy' : 'copies'}: {stripped.byMethod['exact-hash']} by exact hash,{' '}
          {stripped.byMethod.fingerprint} by ISCC fingerprint.
        </p>
        {stripped.topReferrers.length > 0 ? (
          <div>
            <p className="font-medium">Shown on</p>
            <ul className="text-muted-foreground">
              {stripped.topReferrers.map((row) => (
                <li key={row.referrer}>
                  {row.referrer}: {row.count}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
