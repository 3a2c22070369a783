// The signed-in user's messages to support, so they can see each one was received: reference, subject, status and when it was sent.
import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { Pill } from '@/components/ui/pill';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { supportRequestsQuery } from '@/lib/api/support-requests';
import { formatDateTime } from '@/lib/format';

export function YourRequests({ userId }: { userId: string }) {
  const query = useQuery(supportRequestsQuery(userId));
  return (
    <Card className="h-fit" aria-labelledby="your-requests-title" role="region">
      <CardHeader>
        <Inbox className="size-6 text-primary" aria-hidden="true" />
        <h2 id="your-requests-title" className="mt-2 text-lg font-semibold">
          Your requests
        </h2>
        <CardDescription>Messages you have sent while signed in.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading…
          </p>
        ) : query.isError ? (
          <p className="text-sm text-destructive">Your requests could not be loaded: {query.error.message}</p>
        ) : query.data.requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">None yet.</p>
        ) : (
          <ul className="divide-y" data-testid="your-requests">
            {query.data.requests.slice(0, 5).map((request) => (
              <li key={request.id} className="py-3 first:pt-0 last:pb-0">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-mono text-xs text-muted-foreground">{request.reference}</span>
                  <Pill tone="success" className="capitalize">
                    {request.status}
                  </Pill>
                </div>
                <p className="mt-1 truncate text-sm font-medium" title={request.subject}>
                  {request.subject}
                </p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
