// Whether a failing verification is of content the owner of its manifest ID really signed: its claim
// signature validated, under the very certificate the stored asset was signed with. A manifest ID is
// public (a badge shows it), so any signed file relabelled with it names the owner; only the
// signature says who signed it.
import { X509Certificate } from 'node:crypto';
import type { TSignerSummary, TVerification } from '@provenance/contracts';

/** The signing certificate of a chain (PEM, leaf first), or null when there is none or it cannot be read. */
function leafCertificate(signer: TSignerSummary | null): X509Certificate | null {
  const pem = signer?.certificateChainPem[0];
  if (!pem) return null;
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

/**
 * True when `failing` (a verification of some copy) has a claim signature that validated, made with
 * the same signing certificate as `owners` (the signer of the asset as stored).
 */
export function signedBySameCertificate(failing: { verification: TVerification; signer: TSignerSummary | null }, owners: TSignerSummary | null): boolean {
  if (!failing.verification.signatureValid) return false;
  const copy = leafCertificate(failing.signer);
  const original = leafCertificate(owners);
  return copy !== null && original !== null && copy.raw.equals(original.raw);
}
