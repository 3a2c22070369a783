// Offline Mode indicator: bottom right while the device reports no connection,
// gone when connectivity returns. Announced politely to screen readers.
import { WifiOff } from 'lucide-react';
import { useNetworkStatus } from '@/lib/network-status';

export function OfflineIndicator() {
  const { connected } = useNetworkStatus();
  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 right-4 z-50">
      {connected ? null : (
        <div
          role="status"
          data-testid="offline-indicator"
          className="pointer-events-auto inline-flex items-center gap-2 rounded-full border border-warning/40 bg-warning-soft px-4 py-2 text-sm font-semibold text-warning shadow-lg"
        >
          <WifiOff className="size-4" aria-hidden="true" />
          Offline Mode
        </div>
      )}
    </div>
  );
}
