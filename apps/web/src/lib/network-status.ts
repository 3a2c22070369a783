// The app-wide network status (online is assumed until the device says otherwise),
// shared by the Offline Mode indicator and the connectivity toasts.
import { useSyncExternalStore } from 'react';
import { network, type NetworkCapability, type NetworkStatus } from '@/platform/network';

export interface NetworkStatusStore {
  get(): NetworkStatus;
  subscribe(listener: (status: NetworkStatus, previous: NetworkStatus) => void): () => void;
  start(): () => void;
}

export function createNetworkStatusStore(capability: NetworkCapability): NetworkStatusStore {
  let current: NetworkStatus = { connected: true, connectionType: 'unknown' };
  const listeners = new Set<(status: NetworkStatus, previous: NetworkStatus) => void>();
  const set = (next: NetworkStatus): void => {
    const previous = current;
    if (previous.connected === next.connected && previous.connectionType === next.connectionType) return;
    current = next;
    for (const listener of [...listeners]) listener(next, previous);
  };
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      let stop: (() => void) | null = null;
      let stopped = false;
      void capability.getStatus().then(set, () => undefined);
      void capability.addListener(set).then((remove) => {
        if (stopped) remove();
        else stop = remove;
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}

export const networkStatus: NetworkStatusStore = createNetworkStatusStore(network);

const subscribe = (onChange: () => void): (() => void) => networkStatus.subscribe(() => onChange());

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribe, networkStatus.get, networkStatus.get);
}
