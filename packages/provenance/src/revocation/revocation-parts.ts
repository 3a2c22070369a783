/**
 * What a caller asking about a verdict's signing credential needs (the server's signer revocation):
 * the OCSP check, and its outcome applied to a serialized verdict. One typed object.
 */
import { applyRevocationSerialized } from './apply-revocation.ts';
import { checkRevocation } from './revocation-step.ts';

export const signerRevocation = {
  check: checkRevocation,
  applySerialized: applyRevocationSerialized,
} as const;
