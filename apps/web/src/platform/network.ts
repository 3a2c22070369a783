// Network capability: connection status and its changes. On a native device it is Capacitor's
// Network plugin; in a browser it is navigator.onLine with the online/offline events (and the
// Network Information API's connection type where the browser offers one). The only module that
// knows which; the rest of the app sees NetworkStatus.
import { Capacitor } from '@capacitor/core';
import { Network, type ConnectionStatus } from '@capacitor/network';

export type ConnectionType = 'wifi' | 'cellular' | 'ethernet' | 'none' | 'unknown';

export interface NetworkStatus {
  connected: boolean;
  connectionType: ConnectionType;
}

export type NetworkListener = (status: NetworkStatus) => void;

export interface NetworkCapability {
  getStatus(): Promise<NetworkStatus>;
  /** Calls back on every change; resolves to a function that stops listening. */
  addListener(listener: NetworkListener): Promise<() => void>;
}

function fromCapacitor(status: ConnectionStatus): NetworkStatus {
  return { connected: status.connected, connectionType: status.connectionType };
}

export const nativeNetwork: NetworkCapability = {
  async getStatus() {
    return fromCapacitor(await Network.getStatus());
  },
  async addListener(listener) {
    const handle = await Network.addListener('networkStatusChange', (status) => listener(fromCapacitor(status)));
    return () => void handle.remove();
  },
};

interface NetworkInformationLike {
  type?: string;
}

function webConnectionType(nav: Navigator): ConnectionType {
  const type = (nav as Navigator & { connection?: NetworkInformationLike }).connection?.type;
  if (type === 'wifi' || type === 'cellular' || type === 'ethernet') return type;
  return 'unknown';
}

export function createWebNetwork(win: Window = window): NetworkCapability {
  const status = (): NetworkStatus => {
    const connected = win.navigator.onLine;
    return { connected, connectionType: connected ? webConnectionType(win.navigator) : 'none' };
  };
  return {
    getStatus: async () => status(),
    async addListener(listener) {
      const onChange = (): void => listener(status());
      win.addEventListener('online', onChange);
      win.addEventListener('offline', onChange);
      return () => {
        win.removeEventListener('online', onChange);
        win.removeEventListener('offline', onChange);
      };
    },
  };
}

export const network: NetworkCapability = Capacitor.isNativePlatform() ? nativeNetwork : createWebNetwork();
