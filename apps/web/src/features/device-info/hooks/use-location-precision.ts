// The saved choice of precise location for signed photos, as React state.
import { useSyncExternalStore } from 'react';
import { locationPrecision } from '@/platform/location-precision';

export function useLocationPrecision(): [boolean, (precise: boolean) => void] {
  const precise = useSyncExternalStore(locationPrecision.subscribe, locationPrecision.isPrecise, locationPrecision.isPrecise);
  return [precise, locationPrecision.setPrecise];
}
