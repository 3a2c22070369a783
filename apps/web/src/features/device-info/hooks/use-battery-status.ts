// Battery level and charging state, re-read every 30 s while the screen is open so a charger
// plugged in shows up without a reload.
import { useQuery } from '@tanstack/react-query';
import { battery } from '@/platform/battery';

export function useBatteryStatus() {
  return useQuery({ queryKey: ['platform', 'battery'], queryFn: () => battery.getStatus(), refetchInterval: 30_000, retry: false });
}
