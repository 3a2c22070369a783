// What the screens read from the verify endpoint's answer (POST /api/v1/verify-content,
//), typed by @provenance/contracts, and the two rules every screen shares.
import type { TManifestSummary, TRecoveryCandidate, TSignerSummary, TTrustLevel, TVerificationStatus, TVerifyResponse } from '@provenance/contracts';

export type VerificationStatus = TVerificationStatus;
export type TrustLevel = TTrustLevel;
export type VerifyResponse = TVerifyResponse;

/** The parts of an answer a short summary shows (the landing widget): verdict, badge, signer, time. */
export type VerificationSummary = Pick<TVerifyResponse, 'verification' | 'badge'> & {
  report?: { signer: Pick<TSignerSummary, 'commonName' | 'organization'> | null; signedAt: string | null; activeManifest?: Pick<TManifestSummary, 'aiDisclosure'> | null };
};

/** How a file without credentials matched a signing in the manifest repository, in short words (report and analytics). */
export const RECOVERY_METHOD_LABEL: Record<TRecoveryCandidate['method'], string> = {
  'exact-hash': 'Same bytes (SHA-256)',
  fingerprint: 'Similar image (ISCC fingerprint)',
};

/** The product shows `verified` as verified and every other status as 'Verification Failed'. */
export function isVerified(result: VerificationSummary): boolean {
  return result.verification.status === 'verified';
}

/**
 * An organisation in the words the gateway's report and badge use: "Reuters (self-declared, not
 * verified)" for a name nobody checked, "Reuters (verified at reuters.com)" for one this gateway
 * verified at a domain, the name alone for one a trust list vouches for.
 */
export function organizationText(name: string, verified: boolean, domain: string | null): string {
  if (!verified) return `${name} (self-declared, not verified)`;
  return domain ? `${name} (verified at ${domain})` : name;
}

/**
 * The signer names an organisation nobody checked: neither a public or operator trust list vouches
 * for it nor did this gateway verify it (credentials.organizationVerified, absent from older gateways).
 */
export function organizationSelfDeclared(result: VerificationSummary): boolean {
  const organization = result.report?.signer?.organization ?? result.verification.credentials.organization;
  return !!organization && result.verification.credentials.organizationVerified !== true;
}

/** Who signed, in the most specific words the report offers; an organisation nobody checked is said to be self-declared. */
export function signerName(result: VerificationSummary): string | null {
  const signer = result.report?.signer;
  const name = signer?.commonName ?? signer?.organization ?? result.verification.credentials.organization ?? null;
  return name && organizationSelfDeclared(result) ? organizationText(name, false, null) : name;
}

/**
 * The trust level as the screens print it: TRUSTED only where a trust list vouches; a file this
 * gateway's own root vouches for reads THIS GATEWAY ONLY, since validators elsewhere do not know it.
 */
export function trustLevelText(verification: Pick<TVerifyResponse['verification'], 'trustLevel' | 'trust'>): string {
  return verification.trustLevel === 'trusted' && verification.trust.tier === 'gateway' ? 'THIS GATEWAY ONLY' : verification.trustLevel.toUpperCase();
}
