// A typed HTTP error of the HTTP layer (routes, middleware): the app's error handler turns it into
// the `{error: {code, message}}` body with its status (and Retry-After for 429 and 503). Services
// throw DomainError (services/domain-error.ts) instead, which the handler maps.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  /** Seconds until the caller may retry (429, 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: ContentfulStatusCode, code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  static validation(message: string): ApiError {
    return new ApiError(400, 'validation_error', message);
  }

  static unauthorized(message = 'Authentication required'): ApiError {
    return new ApiError(401, 'unauthorized', message);
  }

  static invalidCredentials(): ApiError {
    return new ApiError(401, 'invalid_credentials', 'Invalid credentials');
  }

  static forbidden(message = 'Not allowed'): ApiError {
    return new ApiError(403, 'forbidden', message);
  }

  static notFound(message = 'Not found'): ApiError {
    return new ApiError(404, 'not_found', message);
  }

  static conflict(message: string): ApiError {
    return new ApiError(409, 'conflict', message);
  }

  static rateLimited(retryAfterSeconds: number): ApiError {
    return new ApiError(429, 'rate_limited', `Too many attempts; try again in ${retryAfterSeconds} seconds`, retryAfterSeconds);
  }
}
