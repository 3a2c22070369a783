/**
 * The OCSP response stapled into a signature (C2PA rVals): before signing, the signing
 * certificate's status is asked of its responder, so that a validator offline later sees what it
 * was at signing. A certificate the caller issued itself is answered by the caller's own responder
 * in process; any other by the responder it names, through the caller's fetcher (the engine never
 * fetches), within the time limit. Only a "good" answer that answers this very certificate is
 * stapled; anything else staples nothing and the signing goes on (validators then ask online).
 */
import { checkOcspResponse, ocspGetUrl, ocspQuery, type OcspAnswer } from './ocsp.ts';
import { OCSP_TIME_LIMIT_MS, withinTimeLimit } from './revocation-step.ts';
import { signingCredentialOf, type SigningCredential } from './signing-credential.ts';

export interface StapleSources {
  /** The caller's own responder for a certificate it issued (DER OCSPRequest in, DER OCSPResponse out); null when not its own. */
  ownResponder?(credential: SigningCredential): ((requestDer: Uint8Array) => Promise<Uint8Array>) | null;
  /** GETs the URL through the caller's safe fetcher; absent when the caller may not ask responders (OCSP=off). */
  fetchOcsp?(url: string): Promise<Uint8Array>;
  timeLimitMs?: number;
  now?: () => Date;
}

/** What was stapled, or why nothing was. */
export type StapleOutcome = { stapled: true; response: Uint8Array; answer: OcspAnswer; responder: string | null } | { stapled: false; reason: string };

/** Asks for the OCSP response of the chain's signing certificate (DER chain, leaf first). */
export async function stapledOcspResponse(chain: readonly Uint8Array[], sources: StapleSources): Promise<StapleOutcome> {
  const credential = signingCredentialOf(chain, null);
  if (!credential) return { stapled: false, reason: 'the chain holds no issuer for the signing certificate' };
  const own = sources.ownResponder?.(credential) ?? null;
  if (!own && !credential.responder) return { stapled: false, reason: 'the signing certificate names no OCSP responder' };
  if (!own && !sources.fetchOcsp) return { stapled: false, reason: 'OCSP requests are turned off' };
  const query = ocspQuery(credential);
  try {
    const der = await withinTimeLimit(own ? own(query.der) : sources.fetchOcsp!(ocspGetUrl(credential.responder!, query)), sources.timeLimitMs ?? OCSP_TIME_LIMIT_MS);
    const answer = await checkOcspResponse(der, query, credential, sources.now?.() ?? new Date(), own !== null);
    if (answer.status !== 'good') return { stapled: false, reason: `the responder says the signing certificate is ${answer.status}` };
    return { stapled: true, response: new Uint8Array(der), answer, responder: own ? null : credential.responder };
  } catch (error) {
    return { stapled: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
