// How much of a stored file a read takes, decided once its size is known; shared by every asset store.
import type { Readable } from 'node:stream';
import type { AssetFileRead, AssetReadOptions, ByteRange } from './asset-store.ts';

export type ReadPlan = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/** The read of a file of `size` bytes that `options` asks for; the store supplies the body. */
export function planRead(size: number, options: AssetReadOptions | undefined): ReadPlan {
  const choice = options?.range?.(size) ?? 'whole';
  if (choice === 'whole' || choice === 'unsatisfiable') return { kind: choice };
  // A chooser that asks for bytes the file does not have is a bug; reading them would stream short.
  if (!Number.isSafeInteger(choice.start) || !Number.isSafeInteger(choice.end) || choice.start < 0 || choice.end < choice.start || choice.end >= size) {
    throw new Error(`range ${choice.start}-${choice.end} is not within a file of ${size} bytes`);
  }
  return { kind: 'partial', range: choice };
}

/** The store's answer for a plan carried out: `body` is null when nothing was to be read. */
export function readOf(size: number, plan: ReadPlan, body: Readable | null): AssetFileRead {
  if (plan.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size };
  return plan.kind === 'partial' ? { kind: 'partial', size, range: plan.range, body } : { kind: 'whole', size, body };
}
