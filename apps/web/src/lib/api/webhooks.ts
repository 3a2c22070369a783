// /webhooks: the endpoints the signed-in account registered to hear of its events, registering one
// (the answer holds its signing secret, the only time it is shown), deleting one, a test event, and
// each endpoint's delivery log. Answers are parsed with the contract's schemas (loaded beside the
// request, contract-schemas.ts). Keys carry the user ID so one account never sees another's cached
// endpoints.
import { queryOptions } from '@tanstack/react-query';
import type { TCreateWebhookRequest, TCreatedWebhook, TWebhook, TWebhookDelivery } from '@provenance/contracts';
import { apiRequest } from './client';
import { parsedWith } from './contract-schemas';

/** How often an open delivery log is asked again while a delivery is still being attempted. */
export const DELIVERY_POLL_INTERVAL_MS = 1_500;

export const webhookKeys = {
  all: (userId: string) => ['webhooks', userId] as const,
  list: (userId: string) => ['webhooks', userId, 'list'] as const,
  deliveries: (userId: string, webhookId: string) => ['webhooks', userId, webhookId, 'deliveries'] as const,
};

function webhookPath(webhookId: string): string {
  return `/webhooks/${encodeURIComponent(webhookId)}`;
}

export function webhooksQuery(userId: string) {
  return queryOptions({
    queryKey: webhookKeys.list(userId),
    queryFn: async ({ signal }): Promise<TWebhook[]> => (await parsedWith((c) => c.ZWebhookList, apiRequest<unknown>('/webhooks', { signal }))).webhooks,
  });
}

/** Polls while a delivery is pending (its retries are still running), then stops. */
export function webhookDeliveriesQuery(userId: string, webhookId: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(userId, webhookId),
    queryFn: async ({ signal }): Promise<TWebhookDelivery[]> =>
      (await parsedWith((c) => c.ZWebhookDeliveryList, apiRequest<unknown>(`${webhookPath(webhookId)}/deliveries`, { signal }))).deliveries,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? DELIVERY_POLL_INTERVAL_MS : false),
  });
}

export function createWebhook(input: TCreateWebhookRequest): Promise<TCreatedWebhook> {
  return parsedWith((c) => c.ZCreatedWebhook, apiRequest<unknown>('/webhooks', { method: 'POST', json: input }));
}

export function deleteWebhook(webhookId: string): Promise<void> {
  return apiRequest<void>(webhookPath(webhookId), { method: 'DELETE' });
}

/** Queues a `webhook.test` delivery to the endpoint (202, the queued delivery); it shows in the delivery log. */
export function sendTestEvent(webhookId: string): Promise<TWebhookDelivery> {
  return parsedWith((c) => c.ZWebhookDelivery, apiRequest<unknown>(`${webhookPath(webhookId)}/test`, { method: 'POST' }));
}
