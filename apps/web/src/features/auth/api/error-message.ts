// The words a toast shows for a failed account call: the server's own message when it sent one,
// otherwise the product's fallback text.
import { ApiError } from '@/lib/api-client';

export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
