// Verdict colours of the charts: the theme's tokens, so light and dark themes and the status pills
// always agree on what green and red mean.
import type { TVerificationStatus } from '@provenance/contracts';

export const STATUS_COLORS: Record<TVerificationStatus, string> = {
  verified: 'var(--success)',
  partial: 'var(--warning)',
  invalid: 'var(--destructive)',
  unsigned: 'var(--muted-foreground)',
};
