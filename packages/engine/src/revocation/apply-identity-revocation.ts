/**
 * Applies what is known of a named actor's credential revocation to its entry in
 * `verification.identities`, never to the claim's verdict (an identity's status does not change the
 * claim's, as c2pa-rs keeps them apart). A credential revoked before the claim's trusted timestamp,
 * or with no trusted timestamp at all, reads `revoked` with `gateway.identity.credential.revoked`
 * (CAWG 1.3 defines no revocation status code for X.509 credentials, so the code is this product's);
 * one revoked after it stands, noted; a credential nobody could check says so. Node-free: the
 * browser applies its CRL answers with it too.
 */
import { explainCode } from '../report/validation-codes.ts';
import { serializeVerification, type NamedIdentity, type RevocationCheck, type SerializedVerification, type ValidationCode, type VerifyResponse } from '../report/verification-report.ts';
import { revokedBeforeSigning } from './apply-revocation.ts';

export const IDENTITY_REVOKED = 'gateway.identity.credential.revoked';
export const IDENTITY_NOT_REVOKED = 'gateway.identity.credential.notRevoked';
export const IDENTITY_REVOKED_AFTER_SIGNING = 'gateway.identity.credential.revokedAfterSigning';
export const IDENTITY_REVOCATION_NOT_CHECKED = 'gateway.identity.revocation.notChecked';

/** Why a credential another CA issued was not checked, in the words the gateway and the browser both give. */
export const NOT_ISSUED_BY_THIS_GATEWAY = "The named actor's credential was not issued by this gateway's certificate authority: its revocation was not checked.";

/** The revocation answer about one named actor's credential, by its assertion label. */
export interface IdentityRevocationAnswer {
  label: string;
  check: RevocationCheck;
  /** The claim's trusted timestamp (IdentityRevocationCredential), else null: a revocation then counts. */
  signedAt: string | null;
}

const codeOf = (name: string, url: string | undefined, explanation?: string): ValidationCode => ({ code: name, ...(url && { url }), explanation: explanation ?? explainCode(name) });

function applyTo(identity: NamedIdentity, { check, signedAt }: IdentityRevocationAnswer, manifestId: string | null): void {
  identity.revocation = check;
  const url = manifestId ? `self#jumbf=/c2pa/${manifestId}/c2pa.assertions/${identity.label}` : undefined;
  const add = (list: ValidationCode[], name: string, explanation?: string) => {
    if (!list.some((existing) => existing.code === name)) list.push(codeOf(name, url, explanation));
  };
  switch (check.status) {
    case 'good':
      add(identity.codes.success, IDENTITY_NOT_REVOKED);
      break;
    case 'unknown':
    case 'not_checked':
      add(identity.codes.informational, IDENTITY_REVOCATION_NOT_CHECKED, check.reason ? `${explainCode(IDENTITY_REVOCATION_NOT_CHECKED)} ${check.reason}` : undefined);
      break;
    case 'revoked':
      if (!revokedBeforeSigning(check.revokedAt, signedAt)) {
        add(identity.codes.informational, IDENTITY_REVOKED_AFTER_SIGNING);
        break;
      }
      add(identity.codes.failure, IDENTITY_REVOKED);
      // A signature that does not hold is worse news than a revoked credential: invalid stays.
      if (identity.status !== 'invalid') identity.status = 'revoked';
      break;
  }
}

export function applyIdentityRevocation(response: VerifyResponse, answers: readonly IdentityRevocationAnswer[]): VerifyResponse {
  const { identities } = response.verification;
  if (!identities) return response;
  for (const answer of answers) {
    const identity = identities.find((candidate) => candidate.label === answer.label);
    if (identity) applyTo(identity, answer, response.report.manifestId);
  }
  return response;
}

/** The same on a verification serialized in an engine worker (one JSON round trip, paid only when it names actors). */
export function applyIdentityRevocationSerialized(serialized: SerializedVerification, answers: readonly IdentityRevocationAnswer[]): SerializedVerification {
  if (answers.length === 0) return serialized;
  const { json, identityCredentials: _asked, ...rest } = serialized;
  const response = applyIdentityRevocation(JSON.parse(json) as VerifyResponse, answers);
  return { ...rest, json: serializeVerification(response).json };
}

/** Not asked about: every named actor of the verdict says its credential's revocation was not checked, and why. */
export function identityRevocationNotChecked(response: VerifyResponse, check: RevocationCheck): VerifyResponse {
  return applyIdentityRevocation(response, (response.verification.identities ?? []).map((identity) => ({ label: identity.label, check, signedAt: null })));
}
