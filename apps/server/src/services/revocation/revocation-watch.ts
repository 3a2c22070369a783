// Verdicts cached by one server copy must not outlive a revocation made on another. The copy that
// revokes a certificate the gateway issued forgets its cached verdicts at once; every copy also
// watches the revocations' watermark in gateway_certificates (how many, and the latest change) and
// forgets its own when it moves, so the others follow within one interval. One small aggregate
// query per interval, never one per verification: the cache stays off the database's path.
import { count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewayCertificates } from '../../db/schema/index.ts';
import type { Logger } from '../../logging/logger.ts';

/** How often each copy looks: a revocation elsewhere reaches this copy's verdicts within it. */
export const REVOCATION_WATCH_INTERVAL_MS = 5_000;

export interface RevocationWatch {
  /** Reads the watermark; calls onChange and resolves true when it moved since the last read (the first read only sets it). */
  check(): Promise<boolean>;
  /** Checks every interval from now on (main.ts; tests call check()). */
  start(): void;
  /** Stops checking and waits for a check in progress. */
  close(): Promise<void>;
}

export function createRevocationWatch(deps: { db: Db; onChange: () => void; logger?: Logger; intervalMs?: number }): RevocationWatch {
  const table = gatewayCertificates;
  let seen: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function check(): Promise<boolean> {
    const [row] = await deps.db.select({ revoked: count(), latest: max(table.updatedAt) }).from(table).where(eq(table.status, 'revoked'));
    const watermark = `${row?.revoked ?? 0}:${row?.latest ? new Date(row.latest).getTime() : 0}`;
    const moved = seen !== null && watermark !== seen;
    seen = watermark;
    if (moved) deps.onChange();
    return moved;
  }

  return {
    check,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = check()
          // A database that is briefly away must not stop the watch; the next tick tries again.
          .catch((error: unknown) => deps.logger?.warn('revocation watch failed', { error: error instanceof Error ? error.message : String(error) }))
          .finally(() => {
            running = undefined;
          });
      }, deps.intervalMs ?? REVOCATION_WATCH_INTERVAL_MS);
      timer.unref();
      // The first watermark now, so a revocation before the first tick is seen as a change.
      running = check()
        .catch(() => undefined)
        .finally(() => {
          running = undefined;
        });
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
