// Says what a refused or failed fetch was for, so the caller reads "The remote manifest could not
// be fetched: …" rather than the safe fetcher's rule alone. The error stays the fetcher's own, which
// the HTTP layer maps to its status.
import { SafeFetchError } from '@provenance/safe-fetch';

export function failedFetchOf(what: string): (error: unknown) => never {
  return (error) => {
    if (error instanceof SafeFetchError) throw new SafeFetchError(error.reason, error.status, `${what}: ${error.message}`, error.remoteStatus);
    throw error;
  };
}
