// Periodic housekeeping: removes demo accounts older than 24 hours (and with them all their data)
// and prunes finished rate-limit windows. Started by main.ts; the work itself lives in the services.
import type { Logger } from '../logging/logger.ts';
import type { DemoAccounts } from '../services/accounts/demo-accounts.ts';
import type { RateLimiter } from '../services/rate-limits/rate-limiter.ts';

export interface CleanupJob {
  stop(): void;
}

const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;

export function startCleanupJob(deps: {
  demoAccounts: DemoAccounts;
  rateLimiter: RateLimiter;
  logger: Logger;
  intervalMs: number;
}): CleanupJob {
  const run = async () => {
    try {
      const now = new Date();
      const removed = await deps.demoAccounts.removeExpired(now);
      await deps.rateLimiter.prune(now, LONGEST_RATE_LIMIT_WINDOW_SECONDS);
      if (removed > 0) deps.logger.info('expired demo accounts removed', { removed });
    } catch (error) {
      deps.logger.error('cleanup job failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  void run();
  const timer = setInterval(() => void run(), deps.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
