/**
 * The CLI's revocation check (OCSP, on unless --no-ocsp): the signer's OCSP responder is asked
 * through the CLI's safe fetcher with the server's 3 s limit, and the answer applied to the
 * verdict; a responder that cannot be asked leaves the verdict with a "not checked" note.
 */
import { applyRevocation } from '../revocation/apply-revocation.ts';
import { checkRevocation, OCSP_TIME_LIMIT_MS } from '../revocation/revocation-step.ts';
import type { RevocationCheck, VerifyResponse } from '../report/verification-report.ts';
import type { CredentialedVerification } from '../verify.ts';
import { createCliFetcher } from './cli-fetcher.ts';

export const OCSP_HELP = `      --no-ocsp             do not ask the signer's OCSP responder whether its certificate is revoked
                            (asked by default, through the safe fetcher, 3 s at most)`;

export async function withRevocation({ response, signingCredential }: CredentialedVerification, env: NodeJS.ProcessEnv = process.env): Promise<VerifyResponse> {
  if (!signingCredential) return response;
  const fetcher = createCliFetcher(env, { maxBytes: 64 * 1024, timeoutMs: OCSP_TIME_LIMIT_MS });
  const outcome = await checkRevocation(signingCredential, { fetchOcsp: async (url) => (await fetcher(url)).bytes });
  return outcome ? applyRevocation(response, outcome.check, signingCredential.signedAt, outcome.answer) : response;
}

/** The revocation line of the CLI's verdict. */
export function revocationLine(check: RevocationCheck): string {
  const from = check.source === 'gateway' ? "the gateway's records" : check.source === 'stapled' ? 'the OCSP response in the signature' : (check.responder ?? 'OCSP');
  switch (check.status) {
    case 'good':
      return `not revoked (${from}${check.checkedAt ? `, ${check.checkedAt}` : ''})`;
    case 'revoked':
      return `REVOKED${check.revokedAt ? ` at ${check.revokedAt}` : ''} (${from})`;
    case 'unknown':
      return `unknown to ${from}`;
    case 'not_checked':
      return check.reason ?? 'not checked';
  }
}
