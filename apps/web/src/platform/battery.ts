// Battery capability: charge level (a fraction 0 to 1) and whether it is charging. On a device it is
// Capacitor's Device plugin; in a browser the Battery Status API where the browser has it (Chromium),
// and null fields where it does not, so the screen can say the browser does not report it.
import { Device } from '@capacitor/device';
import { isNativeApp } from './runtime';

export interface BatteryStatus {
  /** 0 to 1, or null when the device does not say. */
  batteryLevel: number | null;
  isCharging: boolean | null;
}

export interface BatteryCapability {
  getStatus(): Promise<BatteryStatus>;
}

export const nativeBattery: BatteryCapability = {
  async getStatus() {
    const info = await Device.getBatteryInfo();
    return { batteryLevel: typeof info.batteryLevel === 'number' ? info.batteryLevel : null, isCharging: typeof info.isCharging === 'boolean' ? info.isCharging : null };
  },
};

interface BatteryManagerLike {
  level: number;
  charging: boolean;
}

export function createWebBattery(nav: Navigator = navigator): BatteryCapability {
  return {
    async getStatus() {
      const getBattery = (nav as Navigator & { getBattery?: () => Promise<BatteryManagerLike> }).getBattery;
      if (typeof getBattery !== 'function') return { batteryLevel: null, isCharging: null };
      const battery = await getBattery.call(nav);
      return { batteryLevel: battery.level, isCharging: battery.charging };
    },
  };
}

export const battery: BatteryCapability = isNativeApp() ? nativeBattery : createWebBattery();
