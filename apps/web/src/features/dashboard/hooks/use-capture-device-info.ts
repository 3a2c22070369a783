// The signing device's capture details for the form (deviceInfo), read once;
// null until read or when they cannot be. The location is read only when signing, and only if the
// person asked for it.
import { useEffect, useState } from 'react';
import { collectCaptureMetadata, type CaptureDeviceInfo } from '@/platform/capture-metadata';

export function useCaptureDeviceInfo(): CaptureDeviceInfo | null {
  const [device, setDevice] = useState<CaptureDeviceInfo | null>(null);
  useEffect(() => {
    let live = true;
    collectCaptureMetadata({ includeLocation: false })
      .then((metadata) => {
        if (live) setDevice(metadata.deviceInfo);
      })
      .catch((error: unknown) => console.warn('Device details unavailable', error));
    return () => {
      live = false;
    };
  }, []);
  return device;
}
