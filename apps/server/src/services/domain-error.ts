// The one error type services throw when a request cannot be carried out: what went wrong in the
// product's terms (a kind, a stable code, a sentence for the caller), never an HTTP status. The
// HTTP layer's error handler (http/error-handler.ts) maps each kind to its status.

export type DomainErrorKind =
  /** The request's content is not acceptable (400). */
  | 'invalid'
  /** No valid credentials (401). */
  | 'unauthenticated'
  /** Credentials are valid but do not allow this (403). */
  | 'forbidden'
  | 'not_found'
  /** The request contradicts what exists (409). */
  | 'conflict'
  /** Well-formed, but the thing it names cannot be processed, such as a file of no supported format (422). */
  | 'unprocessable'
  /** The file is larger than the size policy lets it be (413). */
  | 'too_large'
  /** Too many attempts; retry after `retryAfterSeconds` (429). */
  | 'rate_limited'
  /** A service this one depends on (a time-stamping authority) failed; nothing was done (502). */
  | 'bad_gateway';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** Seconds until the caller may retry (rate_limited). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static invalid(message: string): DomainError {
    return new DomainError('invalid', 'validation_error', message);
  }

  static unauthenticated(message = 'Authentication required'): DomainError {
    return new DomainError('unauthenticated', 'unauthorized', message);
  }

  static invalidCredentials(): DomainError {
    return new DomainError('unauthenticated', 'invalid_credentials', 'Invalid credentials');
  }

  static notFound(message = 'Not found'): DomainError {
    return new DomainError('not_found', 'not_found', message);
  }

  static conflict(message: string): DomainError {
    return new DomainError('conflict', 'conflict', message);
  }

  static badGateway(code: string, message: string): DomainError {
    return new DomainError('bad_gateway', code, message);
  }

  static rateLimited(retryAfterSeconds: number): DomainError {
    return new DomainError('rate_limited', 'rate_limited', `Too many attempts; try again in ${retryAfterSeconds} seconds`, retryAfterSeconds);
  }
}
