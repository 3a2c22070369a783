// Whether a failing verification is of content the owner of its manifest ID really signed: its claim
// signature validated, under the very certificate the stored asset was signed with. A manifest ID is
// public (a badge shows it), so any signed file relabelled with it names the owner; only the
// signature says who signed it.
import { X509Certificate } from 'node:crypto';
import type { TSignerSummary, TVerification } from '@provenance/contracts';

/** The signing certificate of a PEM chain (leaf first: X509Certificate reads the first), or null when there is none or it cannot be read. */
function leafCertificate(pem: string | null | undefined): X509Certificate | null {
  if (!pem) return null;
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

/**
 * True when `failing` (a verification of some copy) has a claim signature that validated, made with
 * the same signing certificate as `ownersChain` (PEM, leaf first: the certificate the stored asset
 * was signed with).
 */
export function signedBySameCertificate(failing: { verification: TVerification; signer: TSignerSummary | null }, ownersChain: string | null | undefined): boolean {
  if (!failing.verification.signatureValid) return false;
  const copy = leafCertificate(failing.signer?.certificateChainPem[0]);
  const original = leafCertificate(ownersChain);
  return copy !== null && original !== null && copy.raw.equals(original.raw);
}
