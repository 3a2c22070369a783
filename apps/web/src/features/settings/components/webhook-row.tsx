// One webhook endpoint: its URL and events, a "Send test event" button (the delivery then shows in
// the log below it), Delete behind a confirm dialog (deliveries to it stop at once), and its log
// with a Refresh button.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TWebhook } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { webhookKeys } from '@/lib/api/webhooks';
import { describeError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { WebhookDeliveries } from './webhook-deliveries';

export interface WebhookRowProps {
  userId: string;
  webhook: TWebhook;
  onSendTest: (webhookId: string) => Promise<void>;
  onDelete: (webhookId: string) => Promise<void>;
}

export function WebhookRow({ userId, webhook, onSendTest, onDelete }: WebhookRowProps) {
  const [testing, setTesting] = useState(false);
  const logId = `webhook-log-${webhook.id}`;
  const queryClient = useQueryClient();
  const deliveriesKey = webhookKeys.deliveries(userId, webhook.id);

  async function sendTest(): Promise<void> {
    setTesting(true);
    try {
      await onSendTest(webhook.id);
      toast.success('Test event sent', { description: `A webhook.test event is on its way to ${webhook.url}. Its delivery shows in the log.` });
    } catch (error) {
      toast.error('Test event not sent', { description: describeError(error, 'Unable to send a test event') });
    } finally {
      setTesting(false);
    }
  }

  async function remove(close: () => void): Promise<void> {
    try {
      await onDelete(webhook.id);
      toast.success('Endpoint deleted', { description: `${webhook.url} receives no more events.` });
      close();
    } catch (error) {
      toast.error('Delete failed', { description: describeError(error, 'Unable to delete the endpoint') });
    }
  }

  return (
    <li className="space-y-3 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="break-all font-mono text-sm font-medium">{webhook.url}</p>
          <p className="text-xs text-muted-foreground">
            {webhook.events.join(', ')} · added <time dateTime={webhook.createdAt}>{formatDateTime(webhook.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BusyButton variant="outline" size="sm" busy={testing} busyLabel="Sending..." icon={<Send aria-hidden="true" />} onClick={() => void sendTest()} aria-label={`Send test event to ${webhook.url}`}>
            Send test event
          </BusyButton>
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={`Delete endpoint ${webhook.url}`}>
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            }
            title="Delete this endpoint?"
            description={
              <>
                <span className="break-all font-mono">{webhook.url}</span> stops receiving events at once, retries still waiting are dropped, and its secret stops being used. To
                hear of events there again, add the endpoint anew (with a new secret).
              </>
            }
            label="Delete endpoint"
            busyLabel="Deleting..."
            icon={<Trash2 aria-hidden="true" />}
            variant="destructive"
            onConfirm={remove}
          />
        </div>
      </div>
      <section aria-labelledby={logId} className="space-y-2">
        <div className="flex items-center justify-between gap-2">
          <h4 id={logId} className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            Delivery log
          </h4>
          {/* New events arrive without the log asking; it polls only while a delivery is pending. */}
          <Button variant="ghost" size="sm" onClick={() => void queryClient.invalidateQueries({ queryKey: deliveriesKey })} aria-label={`Refresh the delivery log of ${webhook.url}`}>
            <RefreshCw aria-hidden="true" />
            Refresh
          </Button>
        </div>
        <WebhookDeliveries userId={userId} webhookId={webhook.id} url={webhook.url} />
      </section>
    </li>
  );
}
