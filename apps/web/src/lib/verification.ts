// Shape of the verify endpoint's answer (POST /api/v1/verify-content, DESIGN.md section 3), as the
// screens read it. Kept here until @provenance/contracts publishes the verify schemas; replace these
// declarations with the contracts' inferred types then.
export type VerificationStatus = 'verified' | 'partial' | 'invalid' | 'unsigned';
export type TrustLevel = 'trusted' | 'unknown' | 'untrusted' | 'none';

export interface VerificationCredentials {
  creator: string | null;
  organization: string | null;
  softwareAgent: string | null;
  aiAssisted: boolean;
  editHistory: string[];
}

export interface VerificationSigner {
  commonName: string | null;
  organization: string | null;
  issuer: string | null;
}

export interface VerifyResponse {
  verification: {
    status: VerificationStatus;
    chainValid: boolean;
    signatureValid: boolean;
    trustLevel: TrustLevel;
    credentials: VerificationCredentials;
  };
  badge: { message: string };
  report?: {
    manifestId: string | null;
    signer: VerificationSigner | null;
    signedAt: string | null;
  };
}

/** The product shows `verified` as verified and every other status as 'Verification Failed'. */
export function isVerified(result: VerifyResponse): boolean {
  return result.verification.status === 'verified';
}

/** Who signed, in the most specific words the report offers. */
export function signerName(result: VerifyResponse): string | null {
  const signer = result.report?.signer;
  return signer?.commonName ?? signer?.organization ?? result.verification.credentials.organization ?? null;
}
