// The per-account limit on signings in progress on this server copy. A signing may wait long on the
// network (the account's remote signing service, the time-stamping authority) without holding an
// engine worker, but it holds its file in one meanwhile: this bounds what one account keeps waiting.
// Past it, a signing is refused at once (429 with Retry-After) rather than queued behind the others.
import { createInFlightLimiter } from '../rate-limits/in-flight-limiter.ts';
import { DomainError } from '../domain-error.ts';

/** Signings of one account in progress at once on one server copy. */
export const SIGNINGS_IN_FLIGHT_PER_ACCOUNT = 4;
/** A signing usually takes well under a second; one waiting on a slow service takes longer. */
const RETRY_AFTER_SECONDS = 2;

export interface SigningsInFlight {
  /** Takes one of the account's slots and returns its release; throws rate_limited when all are taken. */
  admit(userId: string): () => void;
}

export function createSigningsInFlight(limit: number = SIGNINGS_IN_FLIGHT_PER_ACCOUNT): SigningsInFlight {
  const inFlight = createInFlightLimiter();
  return {
    admit(userId) {
      const release = inFlight.tryEnter(userId, limit);
      if (!release) {
        throw new DomainError('rate_limited', 'signings_in_flight', `This account already has ${limit} signings in progress; try again in ${RETRY_AFTER_SECONDS} seconds`, RETRY_AFTER_SECONDS);
      }
      return release;
    },
  };
}
