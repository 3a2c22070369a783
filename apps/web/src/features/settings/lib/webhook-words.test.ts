import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@provenance/contracts';
import { deliveryResponseText, deliveryStatusText, WEBHOOK_EVENTS } from './webhook-words';

describe('webhook words', () => {
  it('explains every event the contract knows, in its order', () => {
    expect(WEBHOOK_EVENTS.map((event) => event.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it("says a delivery's status and what the endpoint answered", () => {
    expect(deliveryStatusText({ status: 'delivered', attempts: 1 })).toBe('Delivered');
    expect(deliveryStatusText({ status: 'pending', attempts: 0 })).toBe('Sending');
    expect(deliveryStatusText({ status: 'pending', attempts: 2 })).toBe('Retrying after 2 attempts');
    expect(deliveryStatusText({ status: 'failed', attempts: 1 })).toBe('Failed: gave up after 1 attempt');
    expect(deliveryResponseText({ responseStatus: 204, error: null })).toBe('HTTP 204');
    expect(deliveryResponseText({ responseStatus: 500, error: 'The endpoint answered 500' })).toBe('HTTP 500: The endpoint answered 500');
    expect(deliveryResponseText({ responseStatus: null, error: 'Connection refused' })).toBe('Connection refused');
    expect(deliveryResponseText({ responseStatus: null, error: null })).toBe('No answer yet');
  });
});
