import { describe, expect, it, vi } from 'vitest';
import { createWebDevice, device, parseUserAgent } from './device';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', {
    Device: {
      getInfo: () => ({ platform: 'android', model: 'Pixel 8', manufacturer: 'Google', operatingSystem: 'android', osVersion: '14', isVirtual: false, webViewVersion: '126.0', androidSDKVersion: 34 }),
    },
  });
});

describe('device info on a device (fake Capacitor bridge)', () => {
  it('reads platform, model, manufacturer, OS version and whether it is an emulator', async () => {
    expect(await device.getInfo()).toEqual({ platform: 'android', model: 'Pixel 8', manufacturer: 'Google', operatingSystem: 'android', osVersion: '14', isVirtual: false });
    expect(bridge.callsTo('Device', 'getInfo')).toHaveLength(1);
  });

  it('reports an emulator as virtual', async () => {
    bridge.handle('Device', 'getInfo', () => ({ platform: 'android', model: 'sdk_gphone64', manufacturer: 'Google', operatingSystem: 'android', osVersion: '15', isVirtual: true, webViewVersion: '1' }));
    expect((await device.getInfo()).isVirtual).toBe(true);
  });
});

describe('device info in a browser (user agent)', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240205.004) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', { model: 'Pixel 7', operatingSystem: 'android', osVersion: '14' }],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', { model: 'Chrome 126', operatingSystem: 'android', osVersion: '10' }],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', { model: 'iPhone', operatingSystem: 'ios', osVersion: '17.5' }],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0', { model: 'Edge 126', operatingSystem: 'windows', osVersion: '10.0' }],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', { model: 'Macintosh', operatingSystem: 'mac', osVersion: '10.15.7' }],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', { model: 'Headless Chrome 140', operatingSystem: 'linux', osVersion: 'Linux x86_64' }],
  ])('reads %s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('reports platform web, the vendor as manufacturer, and refines the model with client hints', async () => {
    const nav = {
      userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      vendor: 'Google Inc.',
      userAgentData: { getHighEntropyValues: async () => ({ model: 'SM-S918B', platformVersion: '14.0.0' }) },
    } as unknown as Navigator;
    expect(await createWebDevice(nav).getInfo()).toEqual({ platform: 'web', model: 'SM-S918B', manufacturer: 'Google Inc.', operatingSystem: 'android', osVersion: '14.0.0', isVirtual: false });
  });

  it('keeps the user agent answer when client hints fail', async () => {
    const nav = { userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_1 like Mac OS X)', vendor: '', userAgentData: { getHighEntropyValues: async () => Promise.reject(new Error('no')) } } as unknown as Navigator;
    expect(await createWebDevice(nav).getInfo()).toMatchObject({ model: 'iPad', manufacturer: 'Unknown', osVersion: '16.1' });
  });
});
