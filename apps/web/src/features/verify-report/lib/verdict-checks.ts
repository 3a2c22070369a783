// The checks behind a verdict, each in words and with a yes, no or unknown answer, read from the
// verification and its validation codes (so the banner never claims more than the codes say).
import type { TVerifyResponse } from '@provenance/contracts';

/** `warn`: not a failure of the file, only of trust (a signer on no list), drawn amber rather than red. */
export type CheckState = 'pass' | 'warn' | 'fail' | 'unknown';

export interface VerdictCheck {
  id: 'signature' | 'content' | 'trust' | 'revocation' | 'ingredients';
  label: string;
  state: CheckState;
  detail: string;
  /** What the state is called when its usual word would say more than the check found ("No ingredients", not "Passed"). */
  word?: string;
}

const HASH_MATCH = /^assertion\.(dataHash|bmffHash|boxesHash|collectionHash)\.match$/;
const HASH_MISMATCH = /^assertion\.(dataHash|bmffHash|boxesHash|collectionHash)\.mismatch$/;
/** Codes that say only that no trust list vouches for a signer; the credentials themselves are intact. */
const TRUST_ONLY = /^signingCredential\.untrusted$/;

export function verdictChecks(result: TVerifyResponse): VerdictCheck[] {
  if (result.verification.status === 'unsigned') return [];
  const { codes, ingredientFailures } = result.report;
  const { signatureValid } = result.verification;

  const changed = codes.failure.some((code) => HASH_MISMATCH.test(code.code));
  const unchanged = codes.success.some((code) => HASH_MATCH.test(code.code));
  const content: CheckState = changed ? 'fail' : unchanged ? 'pass' : 'unknown';

  return [
    {
      id: 'signature',
      label: 'Signature',
      state: signatureValid ? 'pass' : 'fail',
      detail: signatureValid ? 'The manifest’s signature is valid.' : 'The manifest’s signature is missing or does not match.',
    },
    {
      id: 'content',
      label: 'Content unchanged',
      state: content,
      detail:
        content === 'pass'
          ? 'The file’s bytes match the hash recorded at signing.'
          : content === 'fail'
            ? 'The file changed after it was signed.'
            : 'The manifest records no hash of the file’s bytes that could be checked.',
    },
    trustCheck(result),
    ...revocationCheck(result),
    ingredientsCheck(ingredientFailures.map((code) => code.code), result.report.ingredients.length),
  ];
}

/**
 * The signer's certificate, from its own codes (signingCredential.*): a file that fails elsewhere (its
 * bytes changed, say) may still be signed by a trusted chain, and an expired or revoked certificate
 * is said to be that, not "not on any trust list".
 */
function trustCheck(result: TVerifyResponse): VerdictCheck {
  const base = { id: 'trust', label: 'Trusted signer' } as const;
  const { chainValid, trust } = result.verification;
  if (chainValid) {
    return { ...base, state: 'pass', detail: trust.list ? `The signing certificate chains to the ${trust.list}.` : 'The signing certificate chains to a trust anchor.' };
  }
  const credentialFailures = result.report.codes.failure.filter((code) => code.code.startsWith('signingCredential.') && !TRUST_ONLY.test(code.code));
  if (credentialFailures.length > 0) return { ...base, state: 'fail', detail: credentialFailures.map((code) => code.explanation).join(' ') };
  // An untrusted signer is a warning: the credentials may be intact, only no list vouches for them.
  if (result.report.codes.failure.some((code) => TRUST_ONLY.test(code.code)) || trust.tier === 'untrusted') {
    return { ...base, state: 'warn', detail: 'The signer is not on any trust list this gateway uses.' };
  }
  return { ...base, state: 'unknown', detail: 'The signer’s certificate could not be checked.' };
}

const REVOCATION_SOURCE: Record<NonNullable<TVerifyResponse['verification']['revocation']>['source'], string> = {
  gateway: 'this gateway’s records',
  ocsp: 'its OCSP responder',
  stapled: 'the OCSP answer stapled in the signature',
};

/** Shown only when revocation was asked about (or said not to be): a verdict never implies a check it did not make. */
function revocationCheck(result: TVerifyResponse): VerdictCheck[] {
  const revocation = result.verification.revocation;
  if (!revocation) return [];
  const label = 'Not revoked';
  switch (revocation.status) {
    case 'good':
      return [{ id: 'revocation', label, state: 'pass', detail: `The signing certificate is not revoked, says ${REVOCATION_SOURCE[revocation.source]}.` }];
    case 'revoked': {
      const when = revocation.revokedAt ? ` on ${new Date(revocation.revokedAt).toUTCString()}` : '';
      // A revocation after the signing leaves the signature good (the verdict stands); before it, the verdict is invalid.
      return result.verification.status === 'invalid'
        ? [{ id: 'revocation', label, state: 'fail', detail: `The signing certificate was revoked${when}: what it signed cannot be relied on.` }]
        : [{ id: 'revocation', label, state: 'warn', detail: `The signing certificate was revoked${when}, after this was signed.` }];
    }
    case 'unknown':
      return [{ id: 'revocation', label, state: 'unknown', detail: `The signing certificate is unknown to ${REVOCATION_SOURCE[revocation.source]}.` }];
    case 'not_checked':
      return [{ id: 'revocation', label, state: 'unknown', detail: revocation.reason ?? 'Revocation was not checked.' }];
  }
}

function ingredientsCheck(failures: string[], count: number): VerdictCheck {
  if (count === 0 && failures.length === 0) return { id: 'ingredients', label: 'Ingredients', state: 'unknown', word: 'No ingredients', detail: 'This file records no ingredients (no earlier files it was made from).' };
  if (failures.length === 0) return { id: 'ingredients', label: 'Ingredients', state: 'pass', detail: 'No ingredient’s own credentials failed.' };
  if (failures.every((code) => TRUST_ONLY.test(code))) {
    return { id: 'ingredients', label: 'Ingredients', state: 'warn', detail: 'Ingredients are intact, but a signer of one is not on any trust list.' };
  }
  return { id: 'ingredients', label: 'Ingredients', state: 'fail', detail: `${failures.length} ingredient check${failures.length === 1 ? '' : 's'} failed.` };
}
