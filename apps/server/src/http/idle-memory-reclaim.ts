// Gives memory back once a burst of large uploads is over. Upload bodies live in ArrayBuffers that
// V8 frees only when it collects garbage, and an idle server allocates nothing that would prompt a
// collection: after 16 uploads of 30 MB, about 400 MB stayed resident for as long as nothing else
// came (measured with apps/server/bench/upload-memory.ts). So when the upload budget falls back to
// nothing after holding much, a full collection runs once things are quiet, at most so often.
import v8 from 'node:v8';
import vm from 'node:vm';

export interface IdleMemoryReclaim {
  /** The upload budget now holds `heldBytes`; `peakBytes` is the most it held since it was last empty. */
  observe(heldBytes: number, peakBytes: number): void;
  /** Collections run so far (for tests and logs). */
  readonly collections: number;
  stop(): void;
}

export interface IdleMemoryReclaimOptions {
  /** A burst smaller than this leaves too little behind to be worth a collection. */
  minPeakBytes?: number;
  /** How long the budget must stay empty before collecting. */
  quietMs?: number;
  /** The least time between two collections. */
  minIntervalMs?: number;
  /** Collects garbage; V8's own full collection by default. */
  collect?: () => void;
}

/** V8's full collection, reached without starting Node with --expose-gc. */
function v8Collect(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export function createIdleMemoryReclaim(options: IdleMemoryReclaimOptions = {}): IdleMemoryReclaim {
  const minPeakBytes = options.minPeakBytes ?? 64 * 1024 * 1024;
  const quietMs = options.quietMs ?? 1_000;
  const minIntervalMs = options.minIntervalMs ?? 10_000;
  let collect = options.collect;
  let timer: NodeJS.Timeout | null = null;
  let lastCollection = 0;
  let collections = 0;
  // The most held since the last collection: a burst interrupted by a moment of quiet still counts whole.
  let uncollectedPeak = 0;

  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  return {
    observe(heldBytes, peakBytes) {
      uncollectedPeak = Math.max(uncollectedPeak, peakBytes);
      if (heldBytes > 0) {
        cancel();
        return;
      }
      if (uncollectedPeak < minPeakBytes || timer) return;
      const wait = Math.max(quietMs, lastCollection + minIntervalMs - Date.now());
      timer = setTimeout(() => {
        timer = null;
        collect ??= v8Collect();
        collect();
        collections += 1;
        uncollectedPeak = 0;
        lastCollection = Date.now();
      }, wait);
      timer.unref();
    },
    get collections() {
      return collections;
    },
    stop: cancel,
  };
}
