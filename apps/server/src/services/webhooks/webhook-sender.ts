// Makes one attempt of a webhook delivery: signs the stored body as the Standard Webhooks
// specification says (standardwebhooks: webhook-id, webhook-timestamp, webhook-signature
// v1,<base64 HMAC-SHA256 of id.timestamp.body>), POSTs it through the safe fetcher and records the
// outcome in the delivery log. A 2xx answer delivers it; anything else is retried by the queue until
// the attempts are spent, and the last one marks the delivery failed with its reason.
import { SafeFetchError, type SafeFetch } from '@provenance/safe-fetch';
import { Webhook } from 'standardwebhooks';
import type { KeyVault } from '../signing-identities/key-vault.ts';
import type { WebhookDeliveryLog } from './webhook-delivery-log.ts';
import type { WebhookEndpointStore } from './webhook-endpoint-store.ts';

/** Thrown when an attempt failed and the queue should try again later. */
export class WebhookAttemptFailed extends Error {
  constructor(deliveryId: string, reason: string) {
    super(`webhook delivery ${deliveryId} failed: ${reason}`);
    this.name = 'WebhookAttemptFailed';
  }
}

export interface WebhookSenderDeps {
  endpoints: WebhookEndpointStore;
  log: WebhookDeliveryLog;
  vault: KeyVault;
  fetcher: SafeFetch;
  /** Every attempt allowed, the first included (the queue's retry limit + 1). */
  maxAttempts: number;
  clock: () => Date;
}

/** Why an attempt failed, in the endpoint's terms (the safe fetcher speaks of asset servers). */
function failureOf(error: unknown): { responseStatus: number | null; error: string } {
  if (error instanceof SafeFetchError) {
    switch (error.reason) {
      case 'status':
        return { responseStatus: error.remoteStatus ?? null, error: `The endpoint answered HTTP ${error.remoteStatus ?? 'with an error'}` };
      case 'timeout':
        return { responseStatus: null, error: 'The endpoint did not answer in time' };
      case 'network':
        return { responseStatus: null, error: 'The endpoint could not be reached' };
      case 'too_large':
        return { responseStatus: null, error: "The endpoint's answer was too large (a receiver should answer 2xx with a short body)" };
      default:
        return { responseStatus: null, error: error.message };
    }
  }
  return { responseStatus: null, error: error instanceof Error ? error.message : String(error) };
}

/** Sends one attempt; resolves once the delivery needs nothing more, throws WebhookAttemptFailed to be retried. */
export function createWebhookSender(deps: WebhookSenderDeps): (deliveryId: string) => Promise<void> {
  return async (deliveryId) => {
    const delivery = await deps.log.find(deliveryId);
    // Settled already: this task ran before a crash between the log and the queue's acknowledgement.
    if (!delivery || delivery.status !== 'pending') return;
    const endpoint = await deps.endpoints.findById(delivery.endpointId);
    if (!endpoint || endpoint.deletedAt) {
      await deps.log.settle(deliveryId, 'failed', 'The endpoint was deleted before the delivery was made');
      return;
    }
    const attemptAt = deps.clock();
    const last = delivery.attempts + 1 >= deps.maxAttempts;
    try {
      const signature = new Webhook(deps.vault.open(endpoint.sealedSecret)).sign(deliveryId, attemptAt, delivery.payload);
      const answer = await deps.fetcher(endpoint.url, {
        method: 'POST',
        body: Buffer.from(delivery.payload, 'utf8'),
        contentType: 'application/json',
        headers: { 'webhook-id': deliveryId, 'webhook-timestamp': String(Math.floor(attemptAt.getTime() / 1000)), 'webhook-signature': signature },
      });
      await deps.log.recordAttempt(deliveryId, { status: 'delivered', responseStatus: answer.status ?? null, error: null, at: attemptAt });
    } catch (error) {
      const failure = failureOf(error);
      await deps.log.recordAttempt(deliveryId, { status: last ? 'failed' : 'pending', ...failure, at: attemptAt });
      if (!last) throw new WebhookAttemptFailed(deliveryId, failure.error);
    }
  };
}
