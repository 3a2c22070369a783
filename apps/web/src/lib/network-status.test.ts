import { describe, expect, it } from 'vitest';
import type { NetworkCapability, NetworkListener } from '@/platform/network';
import { createNetworkStatusStore } from './network-status';

describe('network status store', () => {
  it('assumes online, then reports each real change with the previous status', async () => {
    let emit: NetworkListener = () => undefined;
    const capability: NetworkCapability = {
      getStatus: async () => ({ connected: true, connectionType: 'wifi' }),
      addListener: async (listener) => {
        emit = listener;
        return () => undefined;
      },
    };
    const store = createNetworkStatusStore(capability);
    expect(store.get().connected).toBe(true);
    const changes: [boolean, boolean][] = [];
    store.subscribe((next, previous) => changes.push([previous.connected, next.connected]));
    store.start();
    await Promise.resolve();
    await Promise.resolve();
    emit({ connected: false, connectionType: 'none' });
    emit({ connected: false, connectionType: 'none' });
    emit({ connected: true, connectionType: 'wifi' });
    expect(changes).toEqual([
      [true, true],
      [true, false],
      [false, true],
    ]);
  });
});
