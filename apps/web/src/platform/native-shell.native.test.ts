import { describe, expect, it, vi } from 'vitest';
import { startNativeShell } from './native-shell';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { App: { exitApp: () => undefined }, StatusBar: { setStyle: () => undefined, setBackgroundColor: () => undefined } });
});

describe('native shell on a device (fake Capacitor bridge)', () => {
  it('listens to the back button and colours the status bar blue at start', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const stop = startNativeShell();
    await vi.waitFor(() => expect(bridge.callsTo('App', 'addListener')).toEqual([{ eventName: 'backButton' }]));
    await vi.waitFor(() => expect(bridge.callsTo('StatusBar', 'setBackgroundColor')).toEqual([{ color: '#1e3a8a' }]));
    expect(bridge.callsTo('StatusBar', 'setStyle')).toEqual([{ style: 'DARK' }]);

    bridge.emit('App', 'backButton', { canGoBack: true });
    await vi.waitFor(() => expect(back).toHaveBeenCalledOnce());
    bridge.emit('App', 'backButton', { canGoBack: false });
    await vi.waitFor(() => expect(bridge.callsTo('App', 'exitApp')).toHaveLength(1));
    stop();
    await vi.waitFor(() => expect(bridge.callsTo('App', 'removeListener')).toHaveLength(1));
  });
});
