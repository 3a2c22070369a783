// Where a file is verified: in this browser (the default: nothing is uploaded) or on the gateway
// (uploaded, verified, not stored; revocation is checked and remote manifests fetched there). The
// choice is remembered on this device.
import { useCallback, useState } from 'react';

export type VerifyPlace = 'browser' | 'gateway';

const STORAGE_KEY = 'provenance.verify-place';

export function storedPlace(): VerifyPlace {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'gateway' ? 'gateway' : 'browser';
  } catch {
    // Storage can be refused (private modes): the default stands.
    return 'browser';
  }
}

export function useVerifyPlace(): [VerifyPlace, (place: VerifyPlace) => void] {
  const [place, setPlace] = useState<VerifyPlace>(storedPlace);
  const choose = useCallback((next: VerifyPlace) => {
    setPlace(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, still used.
    }
  }, []);
  return [place, choose];
}
