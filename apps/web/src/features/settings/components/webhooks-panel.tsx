// API Keys tab, Webhooks: the endpoints the account's events are POSTed to (verification.failed,
// job.completed, asset.signed), each with a test button and its delivery log, and a form to add
// one, whose signing secret is then shown once.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import type { TCreateWebhookRequest, TCreatedWebhook } from '@provenance/contracts';
import { createWebhook, deleteWebhook, sendTestEvent, webhookKeys, webhooksQuery } from '@/lib/api/webhooks';
import { Loaded } from '@/components/ui/loaded';
import { AddWebhookForm } from './add-webhook-form';
import { SettingsCard } from './settings-card';
import { WebhookRow } from './webhook-row';
import { WebhookSecretDialog } from './webhook-secret-dialog';

export function WebhooksPanel({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const webhooks = useQuery(webhooksQuery(userId));
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);

  async function create(request: TCreateWebhookRequest): Promise<TCreatedWebhook> {
    const webhook = await createWebhook(request);
    setCreated(webhook);
    await queryClient.invalidateQueries({ queryKey: webhookKeys.list(userId) });
    return webhook;
  }

  async function sendTest(webhookId: string): Promise<void> {
    await sendTestEvent(webhookId);
    await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(userId, webhookId) });
  }

  async function remove(webhookId: string): Promise<void> {
    await deleteWebhook(webhookId);
    await queryClient.invalidateQueries({ queryKey: webhookKeys.list(userId) });
    queryClient.removeQueries({ queryKey: webhookKeys.deliveries(userId, webhookId) });
  }

  return (
    <SettingsCard
      title="Webhooks"
      description="Have the gateway tell your systems when something happens: each event is POSTed to your endpoints, signed so you can tell it came from here."
      icon={<Webhook />}
    >
      <div className="space-y-8">
        <section aria-labelledby="webhook-list-title" className="space-y-3">
          <h3 id="webhook-list-title" className="text-sm font-medium">
            Endpoints
          </h3>
          <Loaded query={webhooks} loading="Loading your endpoints…" failed="Unable to load your webhook endpoints">
            {(list) =>
              list.length === 0 ? (
                <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No endpoints yet. Add one below to start receiving events.</p>
              ) : (
                <ul className="divide-y rounded-lg border" aria-label="Webhook endpoints">
                  {list.map((webhook) => (
                    <WebhookRow key={webhook.id} userId={userId} webhook={webhook} onSendTest={sendTest} onDelete={remove} />
                  ))}
                </ul>
              )
            }
          </Loaded>
        </section>
        <AddWebhookForm onCreate={create} />
      </div>
      <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />
    </SettingsCard>
  );
}
