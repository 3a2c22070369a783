/**
 * One-line explanations of C2PA validation status codes, in plain language, for reports and badges.
 * Codes not listed fall back to c2pa-rs's own explanation.
 */
const EXPLANATIONS: Record<string, string> = {
  'claimSignature.validated': 'The claim signature is valid.',
  'claimSignature.insideValidity': 'The claim was signed while the signing certificate was valid.',
  'claimSignature.mismatch': 'The claim signature does not match: the manifest was altered after signing.',
  'claimSignature.missing': 'The claim has no signature.',
  'claimSignature.outsideValidity': 'The claim was signed outside the signing certificate’s validity period.',
  'signingCredential.trusted': 'The signing certificate chains to a trusted root.',
  'signingCredential.untrusted': 'The signing certificate does not chain to any trust anchor.',
  'signingCredential.invalid': 'The signing certificate is not valid for signing Content Credentials.',
  'signingCredential.revoked': 'The signing certificate has been revoked.',
  // c2pa-rs checks validity at the trusted timestamp's time, or now when there is none: which one the
  // report says is decided with the timestamp (build-report.ts, expiredExplanation).
  'signingCredential.expired': 'The signing certificate has expired, and no timestamp from a time-stamping authority shows the signature was made while it was valid.',
  'signingCredential.ocsp.skipped': 'Revocation (OCSP) was not checked.',
  'signingCredential.ocsp.notRevoked': 'The certificate authority says the signing certificate is not revoked.',
  'signingCredential.ocsp.revoked': 'The certificate authority says the signing certificate was revoked before the claim was signed.',
  'signingCredential.ocsp.unknown': 'The certificate authority’s OCSP responder does not know the signing certificate.',
  'signingCredential.ocsp.inaccessible': 'The certificate authority’s OCSP responder could not be asked whether the signing certificate is revoked.',
  'assertion.dataHash.match': 'The file’s bytes match the hash recorded when it was signed.',
  'assertion.dataHash.mismatch': 'The file’s bytes have changed since it was signed.',
  'assertion.bmffHash.match': 'The video’s bytes match the hash recorded when it was signed.',
  'assertion.bmffHash.mismatch': 'The video’s bytes have changed since it was signed.',
  'assertion.boxesHash.match': 'The file’s boxes match the hashes recorded when it was signed.',
  'assertion.boxesHash.mismatch': 'The file’s boxes have changed since it was signed.',
  'assertion.hashedURI.match': 'An assertion matches the hash the claim recorded for it.',
  'assertion.hashedURI.mismatch': 'An assertion was altered after the claim was signed.',
  'assertion.missing': 'An assertion the claim refers to is missing.',
  'assertion.multipleHardBindings': 'The manifest has more than one hard binding.',
  'assertion.undeclared': 'The manifest holds an assertion the claim does not list.',
  'assertion.inaccessible': 'An assertion could not be read.',
  'assertion.action.ingredientMismatch': 'An action refers to an ingredient that does not match.',
  'ingredient.manifest.validated': 'An ingredient’s own manifest is valid.',
  'ingredient.manifest.mismatch': 'An ingredient’s manifest does not match what was recorded.',
  'ingredient.claimSignature.validated': 'An ingredient’s claim signature is valid.',
  'ingredient.claimSignature.mismatch': 'An ingredient’s claim signature does not match.',
  'manifest.inaccessible': 'A manifest could not be read.',
  'manifest.missing': 'A manifest the asset refers to is missing.',
  'timeStamp.validated': 'The trusted timestamp matches the signature.',
  'timeStamp.trusted': 'The timestamp authority is trusted.',
  'timeStamp.untrusted': 'The timestamp authority is not on the trust list.',
  'timeStamp.mismatch': 'The timestamp does not match the signature.',
  'general.error': 'The validator hit an unexpected error.',
  'cawg.identity.well-formed': 'The CAWG identity assertion is well formed.',
  'cawg.x509.signature.validated': 'The CAWG identity assertion’s signature is valid.',
  'cawg.x509.credential.untrusted': 'The X.509 credential of the CAWG identity assertion (who the manifest names as its actor) does not chain to any trust anchor.',
};

/** signingCredential.expired when the signature carries a trusted timestamp: the time checked is the timestamp's. */
export const EXPIRED_AT_TIMESTAMP = 'The signing certificate had already expired at the time the signature’s timestamp attests.';

export function explainCode(code: string, fallback?: string): string {
  return EXPLANATIONS[code] ?? fallback ?? code;
}
