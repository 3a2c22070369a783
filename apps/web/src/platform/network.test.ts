import { describe, expect, it } from 'vitest';
import { createWebNetwork, type NetworkStatus } from './network';

describe('web network fallback', () => {
  it('reads navigator.onLine and follows online/offline events', async () => {
    let online = true;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
    const network = createWebNetwork(window);
    expect((await network.getStatus()).connected).toBe(true);

    const seen: NetworkStatus[] = [];
    const stop = await network.addListener((status) => seen.push(status));
    online = false;
    window.dispatchEvent(new Event('offline'));
    online = true;
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('offline'));

    expect(seen).toEqual([
      { connected: false, connectionType: 'none' },
      { connected: true, connectionType: 'unknown' },
    ]);
  });
});
