// The checks behind a verdict, each in words and with a yes, no or unknown answer, read from the
// verification and its validation codes (so the banner never claims more than the codes say).
import type { TVerifyResponse } from '@provenance/contracts';

export type CheckState = 'pass' | 'fail' | 'unknown';

export interface VerdictCheck {
  id: 'signature' | 'content' | 'trust' | 'ingredients';
  label: string;
  state: CheckState;
  detail: string;
}

const HASH_MATCH = /^assertion\.(dataHash|bmffHash|boxesHash|collectionHash)\.match$/;
const HASH_MISMATCH = /^assertion\.(dataHash|bmffHash|boxesHash|collectionHash)\.mismatch$/;

export function verdictChecks(result: TVerifyResponse): VerdictCheck[] {
  if (result.verification.status === 'unsigned') return [];
  const { codes, ingredientFailures } = result.report;
  const { signatureValid, chainValid } = result.verification;

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
    {
      id: 'trust',
      label: 'Trusted signer',
      state: chainValid ? 'pass' : 'fail',
      detail: chainValid ? 'The signing certificate chains to a trust anchor.' : 'The signing certificate does not chain to any trust anchor this gateway uses.',
    },
    {
      id: 'ingredients',
      label: 'Ingredients',
      state: ingredientFailures.length > 0 ? 'fail' : 'pass',
      detail: ingredientFailures.length > 0 ? `${ingredientFailures.length} ingredient check${ingredientFailures.length === 1 ? '' : 's'} failed.` : 'No ingredient’s own credentials failed.',
    },
  ];
}
