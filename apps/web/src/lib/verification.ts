// What the screens read from the verify endpoint's answer (POST /api/v1/verify-content,
//), typed by @provenance/contracts, and the two rules every screen shares.
import type { TManifestSummary, TSignerSummary, TTrustLevel, TVerificationStatus, TVerifyResponse } from '@provenance/contracts';

export type VerificationStatus = TVerificationStatus;
export type TrustLevel = TTrustLevel;
export type VerifyResponse = TVerifyResponse;

/** The parts of an answer a short summary shows (the landing widget): verdict, badge, signer, time. */
export type VerificationSummary = Pick<TVerifyResponse, 'verification' | 'badge'> & {
  report?: { signer: Pick<TSignerSummary, 'commonName' | 'organization'> | null; signedAt: string | null; activeManifest?: Pick<TManifestSummary, 'aiDisclosure'> | null };
};

/** The product shows `verified` as verified and every other status as 'Verification Failed'. */
export function isVerified(result: VerificationSummary): boolean {
  return result.verification.status === 'verified';
}

/** Who signed, in the most specific words the report offers. */
export function signerName(result: VerificationSummary): string | null {
  const signer = result.report?.signer;
  return signer?.commonName ?? signer?.organization ?? result.verification.credentials.organization ?? null;
}
