// Device info capability: platform, model, manufacturer, OS version and whether it is an emulator.
// On a device it is Capacitor's Device plugin; in a browser it reads the user agent (and the
// User-Agent Client Hints where Chromium offers them), reporting the browser as the device's model
// when the user agent names no hardware.
import { Device } from '@capacitor/device';
import { isNativeApp } from './runtime';

export type OperatingSystem = 'ios' | 'android' | 'windows' | 'mac' | 'linux' | 'unknown';

export interface DeviceDetails {
  platform: 'ios' | 'android' | 'web';
  model: string;
  manufacturer: string;
  operatingSystem: OperatingSystem;
  osVersion: string;
  /** True on an emulator or simulator. */
  isVirtual: boolean;
}

export interface DeviceCapability {
  getInfo(): Promise<DeviceDetails>;
}

export const nativeDevice: DeviceCapability = {
  async getInfo() {
    const info = await Device.getInfo();
    return {
      platform: info.platform,
      model: info.model,
      manufacturer: info.manufacturer,
      operatingSystem: info.operatingSystem,
      osVersion: info.osVersion,
      isVirtual: info.isVirtual,
    };
  },
};

interface UserAgentParts {
  model: string;
  operatingSystem: OperatingSystem;
  osVersion: string;
}

function browserName(ua: string): string {
  const known: [RegExp, string][] = [
    [/Edg\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+)[\d.]* .*Safari/, 'Safari'],
  ];
  for (const [pattern, name] of known) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  return 'Web browser';
}

/** Reads the hardware and OS from a user agent string; exported for its tests. */
export function parseUserAgent(ua: string): UserAgentParts {
  const android = /Android (\d+(?:\.\d+)*)(?:;\s*([^;)]+?))?(?:\sBuild\/[^;)]*)?[;)]/.exec(ua);
  if (android) {
    const model = android[2] && android[2] !== 'K' && android[2] !== 'wv' ? android[2].trim() : browserName(ua);
    return { model, operatingSystem: 'android', osVersion: android[1] ?? '' };
  }
  const ios = /(iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/.exec(ua);
  if (ios) return { model: ios[1] ?? 'iPhone', operatingSystem: 'ios', osVersion: (ios[2] ?? '').replace(/_/g, '.') };
  const windows = /Windows NT (\d+(?:\.\d+)*)/.exec(ua);
  if (windows) return { model: browserName(ua), operatingSystem: 'windows', osVersion: windows[1] ?? '' };
  const mac = /Mac OS X (\d+(?:[_.]\d+)*)/.exec(ua);
  if (mac) return { model: 'Macintosh', operatingSystem: 'mac', osVersion: (mac[1] ?? '').replace(/_/g, '.') };
  if (/Linux|X11|CrOS/.test(ua)) {
    const arch = /Linux (\w+)/.exec(ua);
    return { model: browserName(ua), operatingSystem: 'linux', osVersion: arch?.[1] ? `Linux ${arch[1]}` : 'Linux' };
  }
  return { model: browserName(ua), operatingSystem: 'unknown', osVersion: 'Unknown' };
}

interface UserAgentDataLike {
  getHighEntropyValues?(hints: string[]): Promise<{ model?: string; platformVersion?: string }>;
}

export function createWebDevice(nav: Navigator = navigator): DeviceCapability {
  return {
    async getInfo() {
      const parts = parseUserAgent(nav.userAgent);
      let { model, osVersion } = parts;
      const hints = (nav as Navigator & { userAgentData?: UserAgentDataLike }).userAgentData;
      if (hints?.getHighEntropyValues) {
        try {
          const values = await hints.getHighEntropyValues(['model', 'platformVersion']);
          if (values.model) model = values.model;
          if (values.platformVersion && parts.operatingSystem !== 'linux') osVersion = values.platformVersion;
        } catch {
          // Client hints are a refinement; the user agent's answer stands without them.
        }
      }
      return { platform: 'web', model, manufacturer: nav.vendor || 'Unknown', operatingSystem: parts.operatingSystem, osVersion, isVirtual: false };
    },
  };
}

export const device: DeviceCapability = isNativeApp() ? nativeDevice : createWebDevice();
