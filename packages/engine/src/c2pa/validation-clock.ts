/**
 * Validation at a declared time. c2pa-rs in WebAssembly has no clock of its own: it reads
 * JavaScript's (`Date.now()`, `new Date()`) whenever it checks a certificate's validity. Pinning
 * that clock for one task makes c2pa-rs validate as of that instant: an untimestamped signature whose
 * certificate has expired by then is invalid (signingCredential.expired), a timestamped one is
 * judged at its timestamp's time as usual.
 *
 * The clock is the thread's own, so the pin is only for a thread doing nothing else meanwhile (the
 * CLI, or an engine worker that takes no other task until this one ends).
 */

const RealDate = Date;

/** The earliest and latest instants a validation may be declared at. */
export const VALIDATION_TIME_RANGE = { earliest: new RealDate('1990-01-01T00:00:00Z'), latest: new RealDate('2200-01-01T00:00:00Z') } as const;

export class ValidationTimeError extends Error {
  override readonly name = 'ValidationTimeError';
}

/** The instant of an ISO 8601 date-time with a time zone, within VALIDATION_TIME_RANGE. */
export function parseValidationTime(text: string): Date {
  // A date alone, or a time without a zone, would be read in the local zone: ambiguous for evidence.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    throw new ValidationTimeError(`"${text}" is not an ISO 8601 date-time with a time zone, such as 2045-01-01T00:00:00Z`);
  }
  const at = new RealDate(text);
  if (Number.isNaN(at.getTime())) throw new ValidationTimeError(`"${text}" is not a valid date-time`);
  if (at < VALIDATION_TIME_RANGE.earliest || at > VALIDATION_TIME_RANGE.latest) {
    throw new ValidationTimeError(`the validation time must lie between ${VALIDATION_TIME_RANGE.earliest.toISOString()} and ${VALIDATION_TIME_RANGE.latest.toISOString()}`);
  }
  return at;
}

let pinned = false;

/** Runs `task` with the thread's clock reading `at`; the real clock is back once it settles. */
export async function withValidationTime<T>(at: Date, task: () => Promise<T>): Promise<T> {
  if (pinned) throw new ValidationTimeError('A validation at a declared time is already running on this thread');
  const instant = at.getTime();
  class PinnedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(instant);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return instant;
    }
  }
  pinned = true;
  globalThis.Date = PinnedDate as DateConstructor;
  try {
    return await task();
  } finally {
    globalThis.Date = RealDate;
    pinned = false;
  }
}
