// Why a job item could not be processed, in the API's own words ({code, message}, the codes the
// same request to /verify-content or /sign-content would answer with), and whether trying again
// later may help: a refused or malformed URL, a 4xx answer (404...) and a file of no supported
// format never will; a server that did not answer, a 5xx or 429 answer or a busy engine may.
import { EngineBusyError, ProvenanceError } from '@provenance/engine';
import { SafeFetchError, type FetchFailure } from '@provenance/safe-fetch';
import { DomainError, type DomainErrorKind } from '../domain-error.ts';
import { ItemOverrunError } from './job-item-runner.ts';
import type { ItemFailure } from './job-store.ts';

export interface ClassifiedFailure extends ItemFailure {
  /** True when another attempt may succeed. */
  retryable: boolean;
}

const RETRYABLE_FETCH: ReadonlySet<FetchFailure> = new Set(['timeout', 'network', 'status', 'incomplete']);
/** A 4xx answer says the URL itself is wrong (404, 403, 410...), unless it asks to wait (408, 425, 429). */
const permanentStatus = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && ![408, 425, 429].includes(status);
const RETRYABLE_DOMAIN: ReadonlySet<DomainErrorKind> = new Set(['bad_gateway', 'rate_limited']);

export function classifyItemFailure(error: unknown): ClassifiedFailure {
  if (error instanceof SafeFetchError) return { code: `fetch_${error.reason}`, message: error.message, retryable: RETRYABLE_FETCH.has(error.reason) && !permanentStatus(error.remoteStatus) };
  if (error instanceof DomainError) return { code: error.code, message: error.message, retryable: RETRYABLE_DOMAIN.has(error.kind) };
  if (error instanceof ProvenanceError) return { code: error.code, message: error.message, retryable: false };
  if (error instanceof EngineBusyError) return { code: 'engine_busy', message: error.message, retryable: true };
  if (error instanceof ItemOverrunError) return { code: 'item_timeout', message: error.message, retryable: true };
  // Anything else is ours, not the item's: said without internals, tried again.
  return { code: 'internal_error', message: 'The item could not be processed because of an internal error', retryable: true };
}
