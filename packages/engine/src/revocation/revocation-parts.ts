/**
 * What a caller asking about a verdict's signing credential needs (the server's signer revocation):
 * the OCSP check, and its outcome applied to a serialized verdict; and what it needs for the named
 * actors' credentials (applied to their entries only). One typed object each.
 */
import { applyIdentityRevocationSerialized, NOT_ISSUED_BY_THIS_GATEWAY } from './apply-identity-revocation.ts';
import { applyRevocationSerialized } from './apply-revocation.ts';
import { checkRevocation } from './revocation-step.ts';
import { signatureOcspResponse } from '../containers/claim-signature.ts';
import { stapledOcspResponse } from './stapled-ocsp.ts';

export const signerRevocation = {
  check: checkRevocation,
  applySerialized: applyRevocationSerialized,
  /** The signer's OCSP answer to staple into a signature (stapled-ocsp.ts). */
  staple: stapledOcspResponse,
  /** The OCSP answer a signed manifest carries stapled, for evidence (containers/claim-signature.ts). */
  stapledIn: signatureOcspResponse,
} as const;

export const identityRevocation = {
  check: checkRevocation,
  applySerialized: applyIdentityRevocationSerialized,
  /** Why a credential another CA issued was not checked. */
  notIssuedHere: NOT_ISSUED_BY_THIS_GATEWAY,
} as const;
