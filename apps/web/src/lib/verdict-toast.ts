// The 'Verification Complete' toast in the verdict's own colour and icon: green only for verified,
// amber for partial, red for a tampered file, neutral for unsigned, so a failure never looks like
// a success. The description names the status in words.
import { toast } from 'sonner';
import type { VerificationStatus } from './verification';

const KIND = { verified: 'success', partial: 'warning', invalid: 'error', unsigned: 'info' } as const satisfies Record<VerificationStatus, keyof typeof toast>;

export function verdictToastKind(status: VerificationStatus): (typeof KIND)[VerificationStatus] {
  return KIND[status];
}

export function showVerdictToast(status: VerificationStatus): void {
  toast[verdictToastKind(status)]('Verification Complete', { description: `Content status: ${status}` });
}
