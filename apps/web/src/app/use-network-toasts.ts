// Connectivity toasts: 'Offline' when the connection drops, 'Back Online' with
// the connection type when it returns. Only real changes toast, never the first reading.
import { useEffect } from 'react';
import { toast } from 'sonner';
import { networkStatus } from '@/lib/network-status';

export function useNetworkToasts(): void {
  useEffect(
    () =>
      networkStatus.subscribe((status, previous) => {
        if (status.connected === previous.connected) return;
        if (status.connected) toast.success('Back Online', { description: `Connected via ${status.connectionType}` });
        else toast.error('Offline', { description: 'No internet connection' });
      }),
    [],
  );
}
