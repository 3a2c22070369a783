// Shown while the first screen's code loads.
import { Loader2 } from 'lucide-react';

export function RouteFallback() {
  return (
    <div className="grid min-h-dvh place-items-center" role="status">
      <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
