// Last-resort error screen for a screen that failed to load or crashed (for example a chunk that
// vanished after a redeploy): says so plainly and offers a reload.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <div className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-md text-center">
        <AlertTriangle className="mx-auto size-10 text-warning" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-2xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">This screen could not be shown. {detail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="outline" asChild>
            <Link to="/" reloadDocument>
              Return to Home
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
