import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.ts';
import type { OrphanSweep, OrphanSweepResult } from '../services/assets/orphan-sweep.ts';
import { startOrphanSweepSchedule } from './orphan-sweep-schedule.ts';

const HOUR_MS = 60 * 60 * 1000;

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }) };
}

describe('orphan sweep schedule', () => {
  it('sweeps at start, logs what it found, and stop() waits for the sweep in progress', async () => {
    let finish: (result: OrphanSweepResult) => void = () => undefined;
    let calls = 0;
    const sweep: OrphanSweep = {
      sweep: () => {
        calls += 1;
        return new Promise((resolve) => (finish = resolve));
      },
    };
    const { lines, logger } = capturingLogger();
    const schedule = startOrphanSweepSchedule({ sweep, logger, intervalMs: HOUR_MS });
    expect(calls).toBe(1);

    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish({ removedFolders: ['a', 'b'], foldersInGrace: 1, rowsWithoutFiles: ['c'] });
    await stopping;
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'orphan sweep finished', atStart: true, removedFolders: 2, foldersInGrace: 1, rowsWithoutFiles: 1 }),
      expect.objectContaining({ level: 'warn', count: 1, assetIds: 'c' }),
    ]);
  });

  it('logs a failed sweep instead of throwing', async () => {
    const { lines, logger } = capturingLogger();
    const schedule = startOrphanSweepSchedule({ sweep: { sweep: () => Promise.reject(new Error('disk gone')) }, logger, intervalMs: HOUR_MS });
    await schedule.stop();
    expect(lines).toEqual([expect.objectContaining({ level: 'error', msg: 'orphan sweep failed', error: 'disk gone' })]);
  });
});
