import { describe, expect, it, vi } from 'vitest';
import { battery, createWebBattery } from './battery';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { Device: { getBatteryInfo: () => ({ batteryLevel: 0.42, isCharging: true }) } });
});

describe('battery on a device (fake Capacitor bridge)', () => {
  it('reads the level and charging state from the Device plugin', async () => {
    expect(await battery.getStatus()).toEqual({ batteryLevel: 0.42, isCharging: true });
  });

  it('turns missing fields into null', async () => {
    bridge.handle('Device', 'getBatteryInfo', () => ({}));
    expect(await battery.getStatus()).toEqual({ batteryLevel: null, isCharging: null });
  });
});

describe('battery in a browser (Battery Status API)', () => {
  it('reads navigator.getBattery', async () => {
    const nav = { getBattery: async () => ({ level: 0.876, charging: false }) } as unknown as Navigator;
    expect(await createWebBattery(nav).getStatus()).toEqual({ batteryLevel: 0.876, isCharging: false });
  });

  it('says nothing it does not know where the browser has no battery API', async () => {
    expect(await createWebBattery({} as Navigator).getStatus()).toEqual({ batteryLevel: null, isCharging: null });
  });
});
