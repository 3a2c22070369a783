import { describe, expect, it, vi } from 'vitest';
import { createLocationPrecisionStore, PRECISE_LOCATION_KEY } from './location-precision';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('location precision choice', () => {
  it('is coarse by default and remembers precise on this device', () => {
    const storage = memoryStorage();
    const store = createLocationPrecisionStore(storage);
    expect(store.isPrecise()).toBe(false);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.setPrecise(true);
    expect(store.isPrecise()).toBe(true);
    expect(storage.values.get(PRECISE_LOCATION_KEY)).toBe('true');
    expect(listener).toHaveBeenCalledOnce();
    stop();
    expect(createLocationPrecisionStore(storage).isPrecise()).toBe(true);
  });

  it('keeps working for the visit when storage refuses', () => {
    const store = createLocationPrecisionStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    expect(store.isPrecise()).toBe(false);
    store.setPrecise(true);
    expect(store.isPrecise()).toBe(true);
  });
});
