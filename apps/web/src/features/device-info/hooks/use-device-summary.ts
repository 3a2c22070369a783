// The device summary query: the device's details and the app's version, read once per visit. A failure is logged only
// and the card says the details could not be read.
import { useQuery } from '@tanstack/react-query';
import { app, type AppInfo } from '@/platform/app';
import { device, type DeviceDetails } from '@/platform/device';

export interface DeviceSummary {
  details: DeviceDetails;
  /** Null when the app does not report its version. */
  app: AppInfo | null;
}

async function readDevice(): Promise<DeviceSummary> {
  try {
    const [details, info] = await Promise.all([device.getInfo(), app.getInfo().catch(() => null)]);
    return { details, app: info };
  } catch (error) {
    console.error('Device info failed to load', error);
    throw error;
  }
}

export function useDeviceSummary() {
  return useQuery({ queryKey: ['platform', 'device'], queryFn: readDevice, staleTime: Infinity, retry: false });
}
