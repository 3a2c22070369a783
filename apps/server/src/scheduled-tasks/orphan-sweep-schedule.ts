// A scheduled task of each server copy (a timer, not the work queue): runs the orphan sweep
// (services/assets/orphan-sweep.ts) once at start, to repair what a crash left, and then on a
// schedule. Started by main.ts, which waits for stop() before closing the database.
import type { Logger } from '../logging/logger.ts';
import type { OrphanSweep } from '../services/assets/orphan-sweep.ts';

export interface OrphanSweepSchedule {
  /** Stops the schedule and resolves once a sweep in progress has finished. */
  stop(): Promise<void>;
}

/** How many asset IDs a log line names; the counts are always complete. */
const IDS_IN_LOG = 10;

export function startOrphanSweepSchedule(deps: { sweep: OrphanSweep; logger: Logger; intervalMs: number }): OrphanSweepSchedule {
  let running: Promise<void> | null = null;
  let firstRun = true;

  const sweepOnce = async () => {
    const atStart = firstRun;
    firstRun = false;
    try {
      const result = await deps.sweep.sweep();
      const found = result.removedFolders.length > 0 || result.rowsWithoutFiles.length > 0 || result.refused !== undefined;
      // The run at start is always logged, so an operator (and the durability test) can see it happened.
      if (atStart || found) {
        deps.logger.info('orphan sweep finished', {
          atStart,
          removedFolders: result.removedFolders.length,
          foldersInGrace: result.foldersInGrace,
          rowsWithoutFiles: result.rowsWithoutFiles.length,
        });
      }
      if (result.rowsWithoutFiles.length > 0) {
        deps.logger.warn('signed assets whose files are missing (kept; restore the files or delete the assets)', { count: result.rowsWithoutFiles.length, assetIds: result.rowsWithoutFiles.slice(0, IDS_IN_LOG).join(',') });
      }
      if (result.refused === 'no_rows') {
        deps.logger.error('asset folders without rows were kept: the database has no signed assets at all, so DATA_DIR may not belong with this database');
      }
    } catch (error) {
      deps.logger.error('orphan sweep failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  const run = () => {
    // A slow sweep (a big store) is not started twice over.
    running ??= sweepOnce().finally(() => {
      running = null;
    });
  };

  run();
  const timer = setInterval(run, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
