// The connection as this screen shows it: read on open, followed live, and re-read on
// 'Refresh Status'.
import { useCallback, useEffect, useState } from 'react';
import { network, type NetworkStatus } from '@/platform/network';

export interface NetworkCheck {
  status: NetworkStatus | null;
  checkedAt: Date | null;
  refreshing: boolean;
  refresh(): void;
}

export function useNetworkCheck(): NetworkCheck {
  const [status, setStatus] = useState<NetworkStatus | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const record = useCallback((next: NetworkStatus) => {
    setStatus(next);
    setCheckedAt(new Date());
  }, []);

  const refresh = useCallback(() => {
    setRefreshing(true);
    network
      .getStatus()
      .then(record, (error: unknown) => console.error('Network status unavailable', error))
      .finally(() => setRefreshing(false));
  }, [record]);

  useEffect(() => {
    refresh();
    let stop: (() => void) | null = null;
    let active = true;
    void network.addListener(record).then((remove) => {
      if (active) stop = remove;
      else remove();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [refresh, record]);

  return { status, checkedAt, refreshing, refresh };
}
