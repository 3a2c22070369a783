// The per-account limit on signings through a remote signing identity in progress on this server
// copy. Such a signing waits on the account's own service (the gateway's fetch timeout: 30 s for
// one that never answers) without holding an engine worker, but it holds its file in one meanwhile:
// this bounds what one account keeps waiting. Past it, such a signing is refused at once (429 with
// Retry-After) rather than queued behind the others. Signings with a key the gateway holds do not
// wait on the account's service and are bounded by the engine's queue alone.
import type { ClaimSigner, SignerMaterial } from '@provenance/engine';
import { createInFlightLimiter } from '../rate-limits/in-flight-limiter.ts';
import { DomainError } from '../domain-error.ts';

/** Remote signings of one account in progress at once on one server copy. */
export const SIGNINGS_IN_FLIGHT_PER_ACCOUNT = 4;
/** A remote signing usually takes well under a second; one waiting on a slow service takes longer. */
const RETRY_AFTER_SECONDS = 2;

export interface SigningsInFlight {
  /**
   * Takes one of the account's slots for a signing by `signer` and returns its release (a no-op for a
   * signer that is not remote); throws rate_limited (signings_in_flight) when all are taken.
   */
  admit(userId: string, signer: SignerMaterial | ClaimSigner | undefined): () => void;
}

const NOTHING_HELD = (): void => undefined;

export function createSigningsInFlight(limit: number = SIGNINGS_IN_FLIGHT_PER_ACCOUNT): SigningsInFlight {
  const inFlight = createInFlightLimiter();
  return {
    admit(userId, signer) {
      // A ClaimSigner (it has `sign`) is a remote identity's: its signatures are asked of its service.
      if (!signer || !('sign' in signer)) return NOTHING_HELD;
      const release = inFlight.tryEnter(userId, limit);
      if (!release) {
        throw new DomainError('rate_limited', 'signings_in_flight', `This account already has ${limit} signings through its remote signing service in progress; try again in ${RETRY_AFTER_SECONDS} seconds`, RETRY_AFTER_SECONDS);
      }
      return release;
    },
  };
}
