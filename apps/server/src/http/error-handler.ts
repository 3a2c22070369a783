// The app's last word on errors, and the one place that maps errors to HTTP: the HTTP layer's own
// ApiError and Hono's HTTPException, the services' DomainError (by kind), the engine's errors (a
// file it cannot read is the client's: 422; a saturated pool: 503 with Retry-After) and the safe
// fetcher's refusals (their own 4xx) become `{error: {code, message}}`; anything else is logged
// (with the request id) and answered with a bare 500.
import { EngineBusyError, ProvenanceError } from '@provenance/engine';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logging/logger.ts';
import { SafeFetchError } from '@provenance/safe-fetch';
import { DomainError, type DomainErrorKind } from '../services/domain-error.ts';
import { ApiError } from './api-error.ts';

const STATUS_BY_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  rate_limited: 429,
  bad_gateway: 502,
};

/** The HTTP form of an error a request may legitimately end with; null for a bug. */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return new ApiError(STATUS_BY_KIND[error.kind], error.code, error.message, error.retryAfterSeconds);
  if (error instanceof ProvenanceError) return new ApiError(422, error.code, error.message);
  if (error instanceof EngineBusyError) return new ApiError(503, 'engine_busy', error.message, error.retryAfterSeconds);
  if (error instanceof SafeFetchError) return new ApiError(error.status, `fetch_${error.reason}`, error.message);
  return null;
}

const CODE_BY_STATUS: Partial<Record<number, string>> = {
  400: 'validation_error',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context): Response => {
    const requestId = c.get('requestId') as string | undefined;
    const known = toApiError(error);
    // The engine's refusal keeps c2pa-rs's own words in `detail`: the answer has the reason, the log both.
    if (error instanceof ProvenanceError && error.code === 'signing_failed') logger.warn('signing refused', { requestId, error: error.message, detail: error.detail?.slice(0, 1000) });
    if (known) {
      if (known.retryAfterSeconds !== undefined) c.header('Retry-After', String(known.retryAfterSeconds));
      return c.json(errorBody(known.code, known.message), known.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(CODE_BY_STATUS[status] ?? 'bad_request', error.message || 'Bad request'), status);
    }
    logger.error('unhandled error', { requestId, name: error.name, error: error.message.split(/params:/i)[0]?.slice(0, 500) });
    return c.json(errorBody('internal_error', 'Internal server error'), 500);
  };
}
