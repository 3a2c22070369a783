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

/**
 * Who vouches for the signer, in the words every surface shows (verification.trust.label: report,
 * badge, SVG badge, emails, CLI). The gateway's own root is not a trust list: a file signed under it
 * is vouched for by this gateway alone, and validators elsewhere do not know it.
 */
export function trustLabel(verdict: TrustVerdict): string {
  switch (verdict.tier) {
    case 'conformant':
      return `On the ${verdict.list ?? 'C2PA trust list'}: the C2PA conformance program vouches for the signer`;
    case 'legacy':
      return `On the legacy list “${verdict.list ?? 'legacy list'}”, made under an older trust model, not on the C2PA trust list`;
    case 'custom':
      return `On “${verdict.list ?? 'a configured list'}”, a trust list this gateway’s operator chose; other validators may not use it`;
    case 'gateway':
      return 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised';
    case 'untrusted':
      return 'Not on any trust list';
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
