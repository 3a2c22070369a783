// The webhook contract: what a registration may name, and the answers the app parses (the
// endpoint with its secret shown once, the delivery log).
import { describe, expect, it } from 'vitest';
import { refusalOf } from './testing/refusal.ts';
import { ZCreatedWebhook, ZCreateWebhookRequest, ZWebhookDeliveryList, ZWebhookPayload } from './webhooks.ts';

describe('ZCreateWebhookRequest', () => {
  it('takes an http(s) URL and the events to hear', () => {
    expect(ZCreateWebhookRequest.parse({ url: ' https://hooks.example.org/p ', events: ['asset.signed', 'job.completed'] })).toEqual({ url: 'https://hooks.example.org/p', events: ['asset.signed', 'job.completed'] });
  });

  it('refuses another scheme, no events, and an event that does not exist, naming the field', () => {
    expect(refusalOf(ZCreateWebhookRequest, { url: 'ftp://hooks.example.org/', events: ['asset.signed'] })).toEqual({ field: 'url', message: 'url must be an http or https URL' });
    expect(refusalOf(ZCreateWebhookRequest, { url: 'https://hooks.example.org/', events: [] })).toEqual({ field: 'events', message: 'events must name at least one event' });
    expect(refusalOf(ZCreateWebhookRequest, { url: 'https://hooks.example.org/', events: ['asset.deleted'] })?.field).toBe('events.0');
    expect(refusalOf(ZCreateWebhookRequest, { url: `https://hooks.example.org/${'a'.repeat(2048)}`, events: ['asset.signed'] })).toEqual({ field: 'url', message: 'url must be at most 2048 characters' });
  });
});

describe('the answers a client reads', () => {
  it('accepts a registration answer only with its secret', () => {
    const webhook = { id: 'w1', url: 'https://hooks.example.org/p', events: ['verification.failed'], createdAt: '2026-11-27T10:00:00.000Z' };
    expect(ZCreatedWebhook.safeParse({ ...webhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }).success).toBe(true);
    expect(refusalOf(ZCreatedWebhook, webhook)?.field).toBe('secret');
  });

  it('accepts a delivery log with a delivered and a failed attempt', () => {
    const delivery = { id: 'msg_1', type: 'asset.signed', status: 'delivered', attempts: 1, responseStatus: 204, error: null, createdAt: '2026-11-27T10:00:00.000Z', lastAttemptAt: '2026-11-27T10:00:01.000Z' };
    expect(ZWebhookDeliveryList.safeParse({ deliveries: [delivery, { ...delivery, id: 'msg_2', status: 'failed', attempts: 9, responseStatus: null, error: 'No answer within 15 s' }] }).success).toBe(true);
  });

  it('describes a test delivery as well as the events', () => {
    expect(ZWebhookPayload.safeParse({ type: 'webhook.test', timestamp: '2026-11-27T10:00:00.000Z', data: { webhookId: 'w1', message: 'hello' } }).success).toBe(true);
    expect(refusalOf(ZWebhookPayload, { type: 'webhook.other', timestamp: '2026-11-27T10:00:00.000Z', data: {} })?.field).toBe('type');
  });
});
