// Which failures of a password-confirmed action belong at the password field rather than in a toast:
// a wrong current password, and the wait the server imposes after several wrong ones.
import { ApiError } from '@/lib/api/client';

export function passwordFieldError(error: unknown): string | null {
  if (error instanceof ApiError && (error.code === 'invalid_current_password' || error.code === 'rate_limited')) return error.message;
  return null;
}
