// Network Detection: Connected or Offline, the connection type (None when
// offline), and 'Refresh Status'.
import { RefreshCw, Wifi, WifiOff } from 'lucide-react';
import { Pill } from '@/components/ui/pill';
import { Button } from '@/components/ui/button';
import type { ConnectionType } from '@/platform/network';
import { useNetworkCheck } from '../hooks/use-network-check';
import { FeatureCard } from './feature-card';

const TYPE_NAMES: Record<ConnectionType, string> = { wifi: 'Wi-Fi', cellular: 'Cellular', ethernet: 'Ethernet', none: 'None', unknown: 'Unknown' };

export function NetworkCard() {
  const { status, checkedAt, refreshing, refresh } = useNetworkCheck();
  return (
    <FeatureCard id="network" Icon={Wifi} title="Network Detection" description="Whether the device is online, and how.">
      <dl className="grid grid-cols-2 gap-4" aria-live="polite">
        <div>
          <dt className="text-sm text-muted-foreground">Status</dt>
          <dd className="mt-1" data-testid="network-status">
            {status === null ? (
              <span className="text-sm text-muted-foreground">Checking…</span>
            ) : status.connected ? (
              <Pill tone="success" className="text-sm">
                <Wifi aria-hidden="true" />
                Connected
              </Pill>
            ) : (
              <Pill tone="danger" className="text-sm">
                <WifiOff aria-hidden="true" />
                Offline
              </Pill>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Connection Type</dt>
          <dd className="mt-1 font-medium" data-testid="network-type">
            {status === null ? '…' : status.connected ? TYPE_NAMES[status.connectionType] : 'None'}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" onClick={refresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh Status
        </Button>
        {checkedAt ? <span className="text-xs text-muted-foreground">Checked {checkedAt.toLocaleTimeString()}</span> : null}
      </div>
    </FeatureCard>
  );
}
