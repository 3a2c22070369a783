// Shown when the analytics could not be loaded: the failure is logged and the
// screen stays usable, with a way to try again.
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function AnalyticsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center sm:justify-between" role="status">
      <div>
        <h2 className="font-semibold">Analytics are not available right now</h2>
        <p className="text-sm text-muted-foreground">Your figures could not be loaded. Check your connection and try again.</p>
      </div>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
