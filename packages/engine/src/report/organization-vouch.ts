/**
 * Whether the organisation a signing certificate names was vouched for by someone who checked it,
 * and the words the report and badge use for a name nobody checked. Node-free: the in-browser
 * report builder shares it.
 */
import type { TrustVerdict } from './verification-report.ts';

/**
 * The certificate policy (an X.667 UUID OID, needing no registration) by which this gateway says it
 * verified the organisation its certificate names (an address at the organisation's domain was
 * confirmed). Believed only of certificates under this gateway's own root (the tier `gateway`).
 */
export const ORGANIZATION_VERIFIED_POLICY = '2.25.216252150583744431350099123329081753562';

/** Tiers whose lists vouch for the identity of the signers they hold: public lists and the operator's own. */
const LISTS_THAT_VOUCH: ReadonlySet<TrustVerdict['tier']> = new Set(['conformant', 'legacy', 'custom']);

/** Whether a signer's organisation was vouched for, and the domain where this gateway verified it (null otherwise). */
export interface OrganizationVouch {
  verified: boolean;
  domain: string | null;
}

/**
 * Verified only for a named organisation that a trust list (public or the operator's) vouches for,
 * or that this gateway verified before it issued the signing certificate (its policy, under its
 * root; the certificate names the domain where it was verified).
 */
export function organizationVouch(organization: string | null, verdict: TrustVerdict, certificate: { policies?: readonly string[]; dnsNames?: readonly string[] } | undefined): OrganizationVouch {
  if (!organization) return { verified: false, domain: null };
  if (LISTS_THAT_VOUCH.has(verdict.tier)) return { verified: true, domain: null };
  if (verdict.tier === 'gateway' && (certificate?.policies?.includes(ORGANIZATION_VERIFIED_POLICY) ?? false)) return { verified: true, domain: certificate?.dnsNames?.[0] ?? null };
  return { verified: false, domain: null };
}

/**
 * The organisation as the report and badge name it: marked self-declared unless vouched for, and
 * with the domain where this gateway verified it, so a name verified at an unrelated domain shows it.
 */
export function organizationWords(organization: string, vouch: OrganizationVouch): string {
  if (!vouch.verified) return `${organization} (self-declared, not verified)`;
  return vouch.domain ? `${organization} (verified at ${vouch.domain})` : organization;
}
