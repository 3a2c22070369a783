/**
 * The named actors of a manifest, apart from its claim signer: one entry per CAWG identity
 * assertion (`cawg.identity`…), with who it names (the organisation of its X.509 credential, as
 * c2pa-rs decodes it), who issued that credential, and its own verdict from its own `cawg.*` codes.
 * The claim's verdict is not theirs, nor theirs the claim's: an untrusted identity does not make the
 * claim invalid, and an untrusted claim signer does not make a trusted identity untrusted.
 * Node-free: the browser's report builder shares it.
 */
import type { RawCode, RawManifest, RawResults } from '../c2pa/manifest-store.ts';
import { explainCode } from './validation-codes.ts';
import type { IdentityCredentialNames } from './signer-certificates.ts';
import type { NamedIdentity, NamedIdentityStatus, ValidationCode } from './verification-report.ts';

const IDENTITY_LABEL = /^cawg\.identity(__\d+)?$/;

/** Trust codes only: a credential no list vouches for is untrusted, not broken. */
const UNTRUSTED_CODES = new Set(['cawg.x509.credential.untrusted', 'cawg.ica.untrusted_issuer']);
const TRUSTED_CODES = new Set(['cawg.x509.credential.trusted']);

interface DecodedIdentity {
  signature_info?: { issuer?: string; common_name?: string };
}

const codesOf = (codes: RawCode[] | undefined, suffix: string): ValidationCode[] =>
  (codes ?? []).filter((code) => code.url?.endsWith(suffix)).map((code) => ({ code: code.code, ...(code.url && { url: code.url }), explanation: explainCode(code.code, code.explanation) }));

function statusOf(success: ValidationCode[], failure: ValidationCode[]): NamedIdentityStatus {
  if (failure.some((code) => !UNTRUSTED_CODES.has(code.code))) return 'invalid';
  if (failure.length === 0 && success.some((code) => TRUSTED_CODES.has(code.code))) return 'trusted';
  return 'untrusted';
}

/**
 * Each identity assertion of the active manifest with its verdict. `credentials`: the names in each
 * assertion's credential by assertion label (report/signer-certificates.ts reads them from the
 * store's bytes): its issuer, and whom it names when c2pa-rs decodes no signature (one that does not
 * match); absent where not known (a verdict made in a browser).
 */
export function namedIdentities(manifest: RawManifest | undefined, results: RawResults | undefined, credentials: Readonly<Record<string, IdentityCredentialNames>> = {}): NamedIdentity[] {
  return (manifest?.assertions ?? [])
    .filter((assertion) => IDENTITY_LABEL.test(assertion.label))
    .map((assertion) => {
      const suffix = `/c2pa.assertions/${assertion.label}`;
      const success = codesOf(results?.success, suffix);
      const failure = codesOf(results?.failure, suffix);
      const informational = codesOf(results?.informational, suffix);
      const info = (assertion.data as DecodedIdentity | undefined)?.signature_info;
      return {
        label: assertion.label,
        // c2pa-rs names the credential's organisation `issuer` in signature_info, as for a claim signer.
        name: info?.issuer ?? info?.common_name ?? credentials[assertion.label]?.subject ?? null,
        credentialIssuer: credentials[assertion.label]?.issuer ?? null,
        status: statusOf(success, failure),
        codes: { success, informational, failure },
      };
    });
}
