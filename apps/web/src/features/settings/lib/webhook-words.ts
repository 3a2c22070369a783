// The words of the webhooks panel: what each event means, and a delivery's status as a developer
// reading the log wants it said. Pure, so it is unit-tested.
import type { TWebhookDelivery, TWebhookEventType } from '@provenance/contracts';

export const WEBHOOK_EVENTS: { type: TWebhookEventType; hint: string }[] = [
  { type: 'verification.failed', hint: 'Content you signed failed verification somewhere (what Verification Alerts email you about).' },
  { type: 'job.completed', hint: 'A batch job finished; the event carries its counts of done and failed items.' },
  { type: 'asset.signed', hint: 'A file was signed with your account, here or through the API.' },
  { type: 'identity.reissued', hint: 'The gateway replaced your managed certificate with a new one (renewed, revoked, renamed, or brought up to date).' },
  { type: 'asset.timestamped', hint: 'A trusted timestamp was added to a file after its signing: the file at its URL is now the timestamped one, the earlier version kept.' },
  { type: 'asset.timestamp_failed', hint: 'The gateway stopped trying to add a pending timestamp to a file (a week without the time-stamping authority, or a file it cannot timestamp).' },
];

/** The event a delivery carried, as the log lists it. */
export function deliveryEventText(type: string): string {
  return type === 'webhook.test' ? 'Test event' : type;
}

/** A delivery's status in words: delivered, still being tried, or given up on. */
export function deliveryStatusText(delivery: Pick<TWebhookDelivery, 'status' | 'attempts'>): string {
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (delivery.status) {
    case 'delivered':
      return 'Delivered';
    case 'pending':
      return delivery.attempts === 0 ? 'Sending' : `Retrying after ${attempts}`;
    case 'failed':
      return `Failed: gave up after ${attempts}`;
  }
}

/** What the endpoint answered last: its HTTP status, or why no answer came. */
export function deliveryResponseText(delivery: Pick<TWebhookDelivery, 'responseStatus' | 'error'>): string {
  if (delivery.responseStatus !== null && delivery.error) return `HTTP ${delivery.responseStatus}: ${delivery.error}`;
  if (delivery.responseStatus !== null) return `HTTP ${delivery.responseStatus}`;
  if (delivery.error) return delivery.error;
  return 'No answer yet';
}
