/**
 * Applies the answer about the signing certificate's revocation to a verification: every answer
 * is noted in `verification.revocation`; a revocation before the claim was signed makes the
 * verification invalid with `signingCredential.revoked`; a good answer adds
 * `signingCredential.ocsp.notRevoked`; an unknown certificate or an unreachable responder only
 * adds an informational code, as the verdict itself stands on what was checked.
 */
import { badgeMessage } from '../report/build-report.ts';
import { mostSevere } from '../report/reason-code.ts';
import { explainCode } from '../report/validation-codes.ts';
import { serializeVerification, type RevocationAnswer, type RevocationCheck, type SerializedVerification, type ValidationCode, type VerifyResponse } from '../report/verification-report.ts';

const code = (name: string): ValidationCode => ({ code: name, explanation: explainCode(name) });

/** Whether a revocation at `revokedAt` voids a signature made at `signedAt` (unknown signing time: it does). */
export function revokedBeforeSigning(revokedAt: string | null, signedAt: string | null): boolean {
  if (!revokedAt || !signedAt) return true;
  return Date.parse(revokedAt) <= Date.parse(signedAt);
}

export function applyRevocation(response: VerifyResponse, check: RevocationCheck, signedAt: string | null, answer?: RevocationAnswer): VerifyResponse {
  const { verification, report } = response;
  verification.revocation = check;
  // A verdict kept as evidence keeps the responder's signed answer with it.
  if (verification.evidence && answer) verification.evidence.revocation = answer;
  if (verification.status === 'unsigned') return response;
  const add = (list: ValidationCode[], name: string) => {
    if (!list.some((existing) => existing.code === name)) list.push(code(name));
  };
  switch (check.status) {
    case 'good':
      add(report.codes.success, 'signingCredential.ocsp.notRevoked');
      break;
    case 'unknown':
      add(report.codes.informational, 'signingCredential.ocsp.unknown');
      break;
    case 'not_checked':
      add(report.codes.informational, 'signingCredential.ocsp.inaccessible');
      break;
    case 'revoked': {
      if (!revokedBeforeSigning(check.revokedAt, signedAt)) break;
      add(report.codes.failure, 'signingCredential.revoked');
      const reasonCode = mostSevere(report.codes.failure)!;
      verification.status = 'invalid';
      verification.trustLevel = 'untrusted';
      verification.reasonCode = reasonCode.code;
      report.validationState = 'Invalid';
      report.reason = reasonCode.explanation;
      response.badge = { message: badgeMessage('invalid', report.signer, report.reason, verification.trust, report.ingredientFailures, { verified: verification.credentials.organizationVerified, domain: verification.credentials.organizationDomain }) };
      break;
    }
  }
  return response;
}

/**
 * The same on a verification serialized in an engine worker. Parsing it costs the server's thread
 * a JSON round trip, paid only for signers whose revocation was asked about, and cached with the verdict.
 */
export function applyRevocationSerialized(serialized: SerializedVerification, check: RevocationCheck, signedAt: string | null, answer?: RevocationAnswer): SerializedVerification {
  return serializeVerification(applyRevocation(JSON.parse(serialized.json) as VerifyResponse, check, signedAt, answer), undefined, serialized.certificatesEnd);
}
