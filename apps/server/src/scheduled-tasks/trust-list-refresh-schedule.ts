// A scheduled task of each server copy (a timer, not the work queue): refreshes the trust lists
// (services/trust/trust-lists.ts) every TRUST_LIST_REFRESH_HOURS: once soon after start for the
// lists whose copy is already that old (a bundled list months old), then every interval for all of
// them. Started by main.ts, which waits for stop() on shutdown.
import type { Logger } from '../logging/logger.ts';
import type { TrustLists } from '../services/trust/trust-lists.ts';

export interface TrustListRefreshSchedule {
  /** Stops the schedule and resolves once a refresh in progress has finished. */
  stop(): Promise<void>;
}

export function startTrustListRefreshSchedule(deps: { trustLists: TrustLists; logger: Logger; intervalMs: number }): TrustListRefreshSchedule {
  let running: Promise<unknown> | null = null;
  const run = (olderThanMs?: number) => {
    running = deps.trustLists
      .refresh(olderThanMs === undefined ? {} : { olderThanMs })
      .then((result) => {
        if (result.refreshed.length > 0) deps.logger.info('trust lists refreshed', { refreshed: result.refreshed.join(', '), failed: result.failed.length, changed: result.changed });
      })
      // The service warns about each list; anything else must not stop the schedule.
      .catch((error: unknown) => deps.logger.error('trust list refresh failed', { error: error instanceof Error ? error.message : String(error) }));
  };
  run(deps.intervalMs);
  const timer = setInterval(() => run(), deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
