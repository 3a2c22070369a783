import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilityUnavailableError } from './runtime';
import { applyStatusBarColour, STATUS_BAR_COLOURS, statusBar, textStyleFor, webStatusBar } from './status-bar';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { StatusBar: { setStyle: () => undefined, setBackgroundColor: () => undefined } });
});

interface PlatformGlobal {
  androidBridge?: unknown;
  webkit?: unknown;
}

afterEach(() => {
  (globalThis as PlatformGlobal).androidBridge = {};
  delete (globalThis as PlatformGlobal).webkit;
  bridge.calls.length = 0;
});

describe('status bar colours', () => {
  it('are the four colours, starting blue, with dark text only on yellow', () => {
    expect(STATUS_BAR_COLOURS).toEqual({ blue: '#1e3a8a', red: '#e11d48', green: '#16a34a', yellow: '#eab308' });
    expect(textStyleFor(STATUS_BAR_COLOURS.blue)).toBe('light');
    expect(textStyleFor(STATUS_BAR_COLOURS.red)).toBe('light');
    expect(textStyleFor(STATUS_BAR_COLOURS.green)).toBe('light');
    expect(textStyleFor(STATUS_BAR_COLOURS.yellow)).toBe('dark');
  });
});

describe('status bar on a device (fake Capacitor bridge)', () => {
  it('sets light text and the background colour on Android', async () => {
    await applyStatusBarColour(statusBar, STATUS_BAR_COLOURS.red);
    expect(bridge.callsTo('StatusBar', 'setStyle')).toEqual([{ style: 'DARK' }]);
    expect(bridge.callsTo('StatusBar', 'setBackgroundColor')).toEqual([{ color: '#e11d48' }]);
  });

  it('sets only the text style on iOS, which has no status bar background', async () => {
    delete (globalThis as PlatformGlobal).androidBridge;
    (globalThis as PlatformGlobal).webkit = { messageHandlers: { bridge: {} } };
    await applyStatusBarColour(statusBar, STATUS_BAR_COLOURS.yellow);
    expect(bridge.callsTo('StatusBar', 'setStyle')).toEqual([{ style: 'LIGHT' }]);
    expect(bridge.callsTo('StatusBar', 'setBackgroundColor')).toEqual([]);
  });
});

describe('status bar in a browser', () => {
  it('is unavailable, so the caller can log it', async () => {
    const error = await applyStatusBarColour(webStatusBar, STATUS_BAR_COLOURS.green).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CapabilityUnavailableError);
    expect(error).toMatchObject({ capability: 'status-bar', message: 'Status bar not available on the web' });
  });
});
