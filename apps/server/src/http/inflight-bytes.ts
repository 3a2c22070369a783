// The server's budget of request bytes held in memory at once (MAX_INFLIGHT_BYTES): one per server,
// shared by every upload. A body reserves its bytes before they are kept; when they would not fit,
// the caller refuses the request (503) or waits its turn, so memory stays bounded whatever the
// number of concurrent uploads.

export interface InflightBytes {
  readonly limit: number;
  /** Bytes reserved now. */
  readonly held: number;
  /** Reserves `bytes` when they fit now; false (nothing reserved) when they do not. */
  tryReserve(bytes: number): boolean;
  /**
   * Reserves `bytes`, waiting (first come, first served) up to `waitMs` for others to release
   * theirs; false when they did not fit in time, or never can (more than the whole budget).
   */
  reserve(bytes: number, waitMs: number): Promise<boolean>;
  release(bytes: number): void;
}

interface Waiter {
  bytes: number;
  grant: (granted: boolean) => void;
}

/**
 * `onChange` hears of each reservation and release with what is held then and the most held since
 * the budget was last empty (idle-memory-reclaim.ts gives memory back once a burst is over).
 */
export function createInflightBytes(limit: number, onChange?: (heldBytes: number, peakBytes: number) => void): InflightBytes {
  let held = 0;
  let peak = 0;
  const waiters: Waiter[] = [];

  const fits = (bytes: number) => held + bytes <= limit;

  // Waiters are served in order: a large one at the head is not overtaken by small ones forever.
  function serveWaiters(): void {
    while (waiters.length > 0 && fits(waiters[0]!.bytes)) {
      const waiter = waiters.shift()!;
      held += waiter.bytes;
      peak = Math.max(peak, held);
      onChange?.(held, peak);
      waiter.grant(true);
    }
  }

  return {
    limit,
    get held() {
      return held;
    },
    tryReserve(bytes) {
      if (waiters.length > 0 || !fits(bytes)) return false;
      held += bytes;
      peak = Math.max(peak, held);
      onChange?.(held, peak);
      return true;
    },
    reserve(bytes, waitMs) {
      if (bytes > limit) return Promise.resolve(false);
      if (waiters.length === 0 && fits(bytes)) {
        held += bytes;
        peak = Math.max(peak, held);
        onChange?.(held, peak);
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          bytes,
          grant: (granted) => {
            clearTimeout(timer);
            resolve(granted);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          resolve(false);
          // The head may have been the one blocking the rest.
          serveWaiters();
        }, waitMs);
        waiters.push(waiter);
      });
    },
    release(bytes) {
      held = Math.max(0, held - bytes);
      serveWaiters();
      onChange?.(held, peak);
      if (held === 0) peak = 0;
    },
  };
}
