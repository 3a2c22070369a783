// A panel's data as its query gives it: 'Loading…' words (role="status") while it comes; why it did
// not come, said at once (role="alert"), with Try again, which asks the server anew; else what the
// panel makes of the data.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeError } from '@/lib/describe-error';
import { Button } from './button';

export interface LoadedProps<T> {
  query: UseQueryResult<T, unknown>;
  /** Said while loading ('Loading your keys…'). */
  loading: string;
  /** Said when the server gives no reason ('Unable to load your API keys'). */
  failed: string;
  children: (data: T) => ReactNode;
}

export function Loaded<T>({ query, loading, failed, children }: LoadedProps<T>) {
  if (query.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-3" role="alert">
        <p className="text-sm text-destructive">{describeError(query.error, failed)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
