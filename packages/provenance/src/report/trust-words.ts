/**
 * The words for the tier that vouched for a signer, shared by the report's reason, the badge
 * message and the CLI, so every surface says the same thing. "Not on any trust list" is the one
 * phrase for a signer no list vouches for.
 */
import type { TrustVerdict } from './verification-report.ts';

export const NOT_ON_ANY_LIST = 'not on any trust list';

/** The verdict for a signer no list vouches for. */
export const UNTRUSTED: TrustVerdict = { tier: 'untrusted', list: null, anchor: null };

/** Who vouched, as the end of a sentence: "is on the C2PA trust list". */
export function vouchedBy(verdict: TrustVerdict): string {
  switch (verdict.tier) {
    case 'conformant':
      return `is on the ${verdict.list ?? 'C2PA trust list'}`;
    case 'legacy':
      return `is on the legacy list “${verdict.list}”, not on the C2PA trust list`;
    case 'custom':
      return `is on the trust list “${verdict.list}” this verifier is configured with`;
    case 'gateway':
      return 'chains to this gateway’s own root';
    case 'untrusted':
      return `is ${NOT_ON_ANY_LIST}`;
  }
}

/** A short label for the tier: "C2PA trust list", "Legacy", "Custom list", "This gateway", "Not on any trust list". */
export function tierLabel(verdict: TrustVerdict): string {
  switch (verdict.tier) {
    case 'conformant':
      return 'C2PA trust list';
    case 'legacy':
      return 'Legacy';
    case 'custom':
      return 'Custom list';
    case 'gateway':
      return 'This gateway';
    case 'untrusted':
      return 'Not on any trust list';
  }
}
