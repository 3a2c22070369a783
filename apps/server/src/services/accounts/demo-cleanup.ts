// Housekeeping on the work queue: every 15 minutes, once across all server copies, demo accounts
// older than 24 hours are removed (and with them all their data) and finished rate-limit windows
// are pruned. Both are database work, so one copy doing it is enough.
import type { Logger } from '../../logging/logger.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import type { RateLimiter } from '../rate-limits/rate-limiter.ts';
import type { DemoAccounts } from './demo-accounts.ts';

export const DEMO_CLEANUP_QUEUE = 'demo-cleanup';
export const DEMO_CLEANUP_CRON = '*/15 * * * *';
const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 24 * 60 * 60;

export function scheduleDemoCleanup(deps: { queue: TaskQueue; demoAccounts: DemoAccounts; rateLimiter: RateLimiter; logger: Logger; clock?: (() => Date) | undefined }): void {
  const clock = deps.clock ?? (() => new Date());
  deps.queue.define<object>({
    queue: DEMO_CLEANUP_QUEUE,
    options: { retryLimit: 1, expireInSeconds: 10 * 60 },
    handler: async () => {
      const now = clock();
      const removed = await deps.demoAccounts.removeExpired(now);
      await deps.rateLimiter.prune(now, LONGEST_RATE_LIMIT_WINDOW_SECONDS);
      if (removed > 0) deps.logger.info('expired demo accounts removed', { removed });
    },
  });
  deps.queue.schedule({ queue: DEMO_CLEANUP_QUEUE, cron: DEMO_CLEANUP_CRON, tz: 'UTC' });
}
