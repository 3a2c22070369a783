import { afterEach, describe, expect, it, vi } from 'vitest';
import { CapabilityUnavailableError, isNativeApp, runtimePlatform } from './runtime';

await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('ios', {});
});

interface PlatformGlobal {
  androidBridge?: unknown;
  webkit?: unknown;
}
const global = globalThis as PlatformGlobal;
const iosBridge = global.webkit;

afterEach(() => {
  delete global.androidBridge;
  global.webkit = iosBridge;
});

describe('runtime', () => {
  it('knows the Capacitor shell it runs in', () => {
    expect(runtimePlatform()).toBe('ios');
    expect(isNativeApp()).toBe(true);
    delete global.webkit;
    global.androidBridge = {};
    expect(runtimePlatform()).toBe('android');
  });

  it('is the web without a native bridge', () => {
    delete global.webkit;
    expect(runtimePlatform()).toBe('web');
    expect(isNativeApp()).toBe(false);
  });

  it('names the missing capability', () => {
    const error = new CapabilityUnavailableError('status-bar', 'Status bar not available on the web');
    expect(error).toMatchObject({ name: 'CapabilityUnavailableError', capability: 'status-bar' });
  });
});
