// Webhooks contract: endpoints an account registers to hear of its events, and the deliveries made to
// them. Deliveries are signed as the Standard Webhooks specification says (webhook-id,
// webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256>) with the endpoint's secret.
import { z } from '@hono/zod-openapi';
import { ZTimestamp } from './common.ts';

export const WEBHOOK_EVENT_TYPES = ['verification.failed', 'job.completed', 'asset.signed', 'identity.reissued', 'asset.timestamped', 'asset.timestamp_failed'] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).openapi('WebhookEventType');
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;

export const ZCreateWebhookRequest = z
  .object({
    url: z
      .string({ error: 'url is required' })
      .trim()
      .min(1, 'url is required')
      .max(2048, 'url must be at most 2048 characters')
      .url('url must be an http or https URL')
      .refine((value) => /^https?:\/\//i.test(value), 'url must be an http or https URL')
      .openapi({ example: 'https://hooks.example.org/provenance' }),
    events: z
      .array(ZWebhookEventType)
      .min(1, 'events must name at least one event')
      .openapi({ example: ['verification.failed', 'asset.signed'] }),
  })
  .openapi('CreateWebhookRequest');
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

export const ZWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(ZWebhookEventType),
    createdAt: ZTimestamp,
  })
  .openapi('Webhook');
export type TWebhook = z.infer<typeof ZWebhook>;

/** The answer to a registration: the only time the secret is shown. */
export const ZCreatedWebhook = ZWebhook.extend({
  secret: z.string().openapi({ description: 'whsec_<base64>: verifies the webhook-signature of each delivery; shown once', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }),
}).openapi('CreatedWebhook');
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookList = z.object({ webhooks: z.array(ZWebhook) }).openapi('WebhookList');
export type TWebhookList = z.infer<typeof ZWebhookList>;

/** What every delivery's body is. */
export const ZWebhookPayload = z
  .object({
    type: z.union([ZWebhookEventType, z.literal('webhook.test')]),
    timestamp: ZTimestamp,
    data: z.record(z.string(), z.unknown()),
  })
  .openapi('WebhookPayload');
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

export const ZWebhookDelivery = z
  .object({
    id: z.string().openapi({ description: 'The webhook-id header: the same on every attempt of one message' }),
    type: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']).openapi({ description: 'pending while attempts remain; failed once retries are spent' }),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable().openapi({ description: 'HTTP status of the last attempt; null when none answered' }),
    error: z.string().nullable().openapi({ description: 'Why the last attempt failed' }),
    createdAt: ZTimestamp,
    lastAttemptAt: ZTimestamp.nullable(),
  })
  .openapi('WebhookDelivery');
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ deliveries: z.array(ZWebhookDelivery) }).openapi('WebhookDeliveryList');
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;
