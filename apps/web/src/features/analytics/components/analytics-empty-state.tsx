// What an account with nothing signed and nothing verified sees instead of charts: zero is zero,
// and the way to get started.
import { Link } from 'react-router';
import { FileSignature, LineChart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export function AnalyticsEmptyState() {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground" aria-hidden="true">
        <LineChart className="size-6" />
      </span>
      <div className="space-y-2">
        <h2 className="font-serif text-2xl font-semibold">No activity yet</h2>
        <p className="max-w-md text-sm text-muted-foreground">
          Sign your first image or video. Each time someone verifies it, the verdict appears here with its reason, place and time.
        </p>
      </div>
      <Button asChild>
        <Link to="/dashboard">
          <FileSignature aria-hidden="true" />
          Sign content
        </Link>
      </Button>
    </Card>
  );
}
