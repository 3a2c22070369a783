// The person's choice of how exactly photos signed on this device record where they were taken:
// rounded to 3 decimals (about 110 m, the default) or the precise position. Kept on the device
// (localStorage), never sent anywhere, and read by capture-metadata.ts at signing time.
export const PRECISE_LOCATION_KEY = 'provenance.precise-location';

export interface LocationPrecisionStore {
  isPrecise(): boolean;
  setPrecise(precise: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createLocationPrecisionStore(storage: Pick<Storage, 'getItem' | 'setItem'> | null): LocationPrecisionStore {
  const listeners = new Set<() => void>();
  const read = (): boolean => {
    try {
      return storage?.getItem(PRECISE_LOCATION_KEY) === 'true';
    } catch {
      return false;
    }
  };
  let precise = read();
  return {
    isPrecise: () => precise,
    setPrecise(next) {
      precise = next;
      try {
        storage?.setItem(PRECISE_LOCATION_KEY, String(next));
      } catch {
        // Private browsing may refuse storage: the choice then lasts for this visit only.
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const locationPrecision: LocationPrecisionStore = createLocationPrecisionStore(browserStorage());
