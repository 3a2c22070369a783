import { describe, expect, it, vi } from 'vitest';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { Network: { getStatus: () => ({ connected: true, connectionType: 'wifi' }) } });
});

const { network } = await import('./network');

describe('network on a device (fake Capacitor bridge)', () => {
  it('reads the status from the Network plugin and follows networkStatusChange', async () => {
    expect(await network.getStatus()).toEqual({ connected: true, connectionType: 'wifi' });
    const seen: unknown[] = [];
    const stop = await network.addListener((status) => seen.push(status));
    bridge.emit('Network', 'networkStatusChange', { connected: false, connectionType: 'none' });
    expect(seen).toEqual([{ connected: false, connectionType: 'none' }]);
    stop();
    await vi.waitFor(() => expect(bridge.callsTo('Network', 'removeListener')).toHaveLength(1));
  });
});
