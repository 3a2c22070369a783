// Requests in progress per client, kept in this process only: a concurrency limit needs no sharing
// between server copies, since each copy protects its own engine workers and memory.
export interface InFlightLimiter {
  /** Takes a slot for `key` and returns its release, or null when `key` already holds `limit` slots. */
  tryEnter(key: string, limit: number): (() => void) | null;
  /** Slots `key` holds now. */
  inFlight(key: string): number;
}

export function createInFlightLimiter(): InFlightLimiter {
  const counts = new Map<string, number>();
  return {
    tryEnter(key, limit) {
      const current = counts.get(key) ?? 0;
      if (current >= limit) return null;
      counts.set(key, current + 1);
      let released = false;
      return () => {
        // A release called twice (an error path and a finally) must not free someone else's slot.
        if (released) return;
        released = true;
        const remaining = (counts.get(key) ?? 1) - 1;
        if (remaining <= 0) counts.delete(key);
        else counts.set(key, remaining);
      };
    },
    inFlight: (key) => counts.get(key) ?? 0,
  };
}
