/**
 * The engine's revocation step, shared by the server and the CLI, shaped like the remote-manifest
 * step: after a verification names the signing credential, the caller's `fetchOcsp` asks the
 * responder the certificate names (through the caller's safe fetcher: the engine never fetches),
 * its own records answer for certificates it issued itself, and answers are cached until their
 * nextUpdate. A verification is never held longer than the time limit: a responder that does not
 * answer in time, or answers wrongly, leaves the verdict as it was with a "not checked" note.
 */
import { createHash } from 'node:crypto';
import type { RevocationAnswer, RevocationCheck } from '../report/verification-report.ts';
import { checkOcspResponse, ocspGetUrl, ocspQuery, OcspResponseError, type OcspAnswer } from './ocsp.ts';
import type { SigningCredential } from './signing-credential.ts';

/** How long a verification waits for a responder by default. */
export const OCSP_TIME_LIMIT_MS = 3_000;
/** An answer without nextUpdate (the responder always has newer information) is reused this long. */
const UNDATED_ANSWER_MS = 60_000;

/** What the caller's own records say about a certificate it issued; null when it did not issue it. */
export interface OwnCertificateStatus {
  status: 'good' | 'revoked';
  revokedAt: Date | null;
}

export interface OcspAnswerCache {
  get(key: string): (OcspAnswer & { responder: string }) | undefined;
  set(key: string, answer: OcspAnswer & { responder: string }): void;
}

export interface RevocationSources {
  /** GETs the URL through the caller's safe fetcher and returns the body; rejects on any failure. */
  fetchOcsp(url: string): Promise<Uint8Array>;
  /** The caller's own records, asked first (certificates this gateway issued are answered without a fetch). */
  ownRecords?(credential: SigningCredential): Promise<OwnCertificateStatus | null>;
  cache?: OcspAnswerCache;
  timeLimitMs?: number;
  now?: () => Date;
}

export interface RevocationOutcome {
  check: RevocationCheck;
  /**
   * Until when the outcome may be reused: the answer's nextUpdate; now for a responder not reached
   * (ask again next time); null for the caller's own records (they have no period of their own).
   */
  validUntil: Date | null;
  /** The responder's signed answer behind the check, to keep as evidence (verification.evidence.revocation). */
  answer?: RevocationAnswer;
}

/** The cache key of a credential: its issuer and serial number (what an OCSP CertID names). */
export function credentialKey(credential: SigningCredential): string {
  return `${createHash('sha256').update(credential.issuer).digest('hex')}:${credential.serialNumber}`;
}

/** Rejects with OcspResponseError when `work` takes longer than the limit. */
export function withinTimeLimit<T>(work: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcspResponseError(`the OCSP responder did not answer within ${limitMs / 1000} s`)), limitMs);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

const fromAnswer = (answer: OcspAnswer, responder: string, now: Date): RevocationOutcome => ({
  check: {
    status: answer.status,
    source: 'ocsp',
    responder,
    checkedAt: answer.thisUpdate,
    revokedAt: answer.revokedAt,
    reason: answer.status === 'unknown' ? 'The OCSP responder does not know the signing certificate.' : null,
  },
  validUntil: answer.nextUpdate ? new Date(answer.nextUpdate) : new Date(now.getTime() + UNDATED_ANSWER_MS),
  answer: { responder, producedAt: answer.producedAt, response: answer.response },
});

/** Asks about the credential's revocation; null when nobody can be asked (no responder, not ours). */
export async function checkRevocation(credential: SigningCredential, sources: RevocationSources): Promise<RevocationOutcome | null> {
  const now = sources.now?.() ?? new Date();
  const own = await sources.ownRecords?.(credential);
  if (own) {
    return {
      check: { status: own.status, source: 'gateway', responder: null, checkedAt: now.toISOString(), revokedAt: own.revokedAt?.toISOString() ?? null, reason: null },
      // The gateway's records change only when it revokes; the verification cache's own limit applies.
      validUntil: null,
    };
  }
  const responder = credential.responder;
  if (!responder) return null;
  const key = credentialKey(credential);
  const cached = sources.cache?.get(key);
  if (cached && (!cached.nextUpdate || Date.parse(cached.nextUpdate) > now.getTime())) return fromAnswer(cached, cached.responder, now);
  const limitMs = sources.timeLimitMs ?? OCSP_TIME_LIMIT_MS;
  try {
    const answer = await withinTimeLimit(
      (async () => {
        const query = ocspQuery(credential);
        return checkOcspResponse(await sources.fetchOcsp(ocspGetUrl(responder, query)), query, credential, now);
      })(),
      limitMs,
    );
    const outcome = fromAnswer(answer, responder, now);
    sources.cache?.set(key, { ...answer, nextUpdate: outcome.validUntil!.toISOString(), responder });
    return outcome;
  } catch (error) {
    return {
      check: {
        status: 'not_checked',
        source: 'ocsp',
        responder,
        checkedAt: null,
        revokedAt: null,
        // The fetcher's own words name an "asset server"; what failed here is the responder.
        reason: `Revocation was not checked: ${error instanceof OcspResponseError ? error.message : 'the OCSP responder could not be reached'}.`,
      },
      validUntil: now,
    };
  }
}
