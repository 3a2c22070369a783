// The app's last word on errors: ApiError and Hono's HTTPException become `{error: {code, message}}`
// with their status; anything else is logged (with the request id) and answered with a bare 500.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logging/logger.ts';
import { ApiError } from './api-error.ts';

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
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
      return c.json(errorBody(error.code, error.message), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status as ContentfulStatusCode;
      return c.json(errorBody(CODE_BY_STATUS[status] ?? 'bad_request', error.message || 'Bad request'), status);
    }
    logger.error('unhandled error', { requestId, name: error.name, error: error.message.split(/params:/i)[0]?.slice(0, 500) });
    return c.json(errorBody('internal_error', 'Internal server error'), 500);
  };
}
