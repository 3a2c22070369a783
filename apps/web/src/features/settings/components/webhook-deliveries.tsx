// One endpoint's delivery log, newest first: which event, whether it arrived (or is still being
// retried, or was given up on), how many attempts, what the endpoint answered last, and when. The
// log polls while a delivery is pending (lib/api/webhooks.ts).
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { TWebhookDelivery } from '@provenance/contracts';
import { ScrollRegion } from '@/components/scroll-region';
import { Pill } from '@/components/ui/pill';
import { webhookDeliveriesQuery } from '@/lib/api/webhooks';
import { describeError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { deliveryEventText, deliveryResponseText, deliveryStatusText } from '../lib/webhook-words';

/** The most deliveries the log shows; the API keeps the rest. */
const SHOWN = 20;

const LOOK: Record<TWebhookDelivery['status'], { tone: 'success' | 'warning' | 'danger'; Icon: typeof Clock }> = {
  delivered: { tone: 'success', Icon: CheckCircle2 },
  pending: { tone: 'warning', Icon: Clock },
  failed: { tone: 'danger', Icon: XCircle },
};

export function WebhookDeliveries({ userId, webhookId, url }: { userId: string; webhookId: string; url: string }) {
  const deliveries = useQuery(webhookDeliveriesQuery(userId, webhookId));
  if (deliveries.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Loading deliveries…
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {describeError(deliveries.error, 'Unable to load the delivery log')}
      </p>
    );
  }
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing sent yet. Events you subscribed to, and test events, show here.</p>;
  }
  const newestFirst = [...deliveries.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, SHOWN);
  return (
    // A phone scrolls the table sideways; the region takes focus so a keyboard can scroll it too.
    <ScrollRegion label={`Delivery log of ${url}`} className="rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Deliveries to {url}, newest first</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Event
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Attempts
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last response
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {newestFirst.map((delivery) => {
            const { tone, Icon } = LOOK[delivery.status];
            const time = delivery.lastAttemptAt ?? delivery.createdAt;
            return (
              <tr key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status}>
                <td className="px-3 py-2 font-mono">{deliveryEventText(delivery.type)}</td>
                <td className="px-3 py-2">
                  <Pill tone={tone}>
                    <Icon aria-hidden="true" />
                    {deliveryStatusText(delivery)}
                  </Pill>
                </td>
                <td className="px-3 py-2 tabular-nums">{delivery.attempts}</td>
                <td className="max-w-64 break-words px-3 py-2">{deliveryResponseText(delivery)}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={time}>{formatDateTime(time)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
