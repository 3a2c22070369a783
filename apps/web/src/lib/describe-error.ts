// The words a failure toast shows: the server's own message when it sent one (the "provider
// message" of), otherwise the product's fallback text.
import { ApiError } from '@/lib/http';

export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
