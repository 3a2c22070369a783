/**
 * The CLI's revocation check (OCSP, on unless --no-ocsp): the signer's OCSP responder is asked
 * through the CLI's safe fetcher with the server's 3 s limit, and the answer applied to the
 * verdict; a responder that cannot be asked leaves the verdict with a "not checked" note. Each
 * named actor's credential (CAWG identity) is asked about the same way, its answer applied to its
 * own entry only (c2pa-rs checks no revocation for them).
 */
import { applyIdentityRevocation, type IdentityRevocationAnswer } from '../revocation/apply-identity-revocation.ts';
import { applyRevocation } from '../revocation/apply-revocation.ts';
import { checkRevocation, OCSP_TIME_LIMIT_MS } from '../revocation/revocation-step.ts';
import type { RevocationCheck, VerifyResponse } from '../report/verification-report.ts';
import type { CredentialedVerification } from '../verify.ts';
import { createCliFetcher } from './cli-fetcher.ts';

export const OCSP_HELP = `      --no-ocsp             do not ask the signer's OCSP responder whether its certificate is revoked
                            (asked by default, through the safe fetcher, 3 s at most)`;

const NO_RESPONDER: RevocationCheck = { status: 'not_checked', source: 'ocsp', responder: null, checkedAt: null, revokedAt: null, reason: 'The credential names no OCSP responder to ask.' };

export async function withRevocation({ response, signingCredential, identityCredentials = [] }: CredentialedVerification, env: NodeJS.ProcessEnv = process.env): Promise<VerifyResponse> {
  if (!signingCredential && identityCredentials.length === 0) return response;
  const fetcher = createCliFetcher(env, { maxBytes: 64 * 1024, timeoutMs: OCSP_TIME_LIMIT_MS });
  const sources = { fetchOcsp: async (url: string) => (await fetcher(url)).bytes };
  const [outcome, ...actors] = await Promise.all([signingCredential ? checkRevocation(signingCredential, sources) : null, ...identityCredentials.map(({ credential }) => checkRevocation(credential, sources))]);
  const answers: IdentityRevocationAnswer[] = identityCredentials.map(({ label, credential }, index) => ({ label, check: actors[index]?.check ?? NO_RESPONDER, signedAt: credential.signedAt }));
  const named = applyIdentityRevocation(response, answers);
  return outcome && signingCredential ? applyRevocation(named, outcome.check, signingCredential.signedAt, outcome.answer) : named;
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
