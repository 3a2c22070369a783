// The OCSP answer stapled into every signature the gateway makes: the signing certificate's status
// at signing, so that a validator offline later sees it (C2PA rVals). Certificates this gateway's
// intermediate issued are answered by its own responder in process (no request leaves); any other
// by the responder it names, through the OCSP fetcher (the safe fetcher with its short limit),
// unless OCSP=off. Answers are kept until five minutes before their nextUpdate (a certificate the
// gateway revokes never signs again: the account's next signing gets a new one). A signing never
// fails for a staple it could not have: it goes on without one, and the reason is logged.
import { createHash } from 'node:crypto';
import { parseCertificateChainPem, signerRevocation, type ClaimSigner, type SignerMaterial } from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { Logger } from '../../logging/logger.ts';

export interface OcspStapler {
  /** The DER OCSP response to staple for this signer's certificate, or null when none can be had. */
  responseFor(signer: SignerMaterial | ClaimSigner): Promise<Uint8Array | null>;
}

const KEPT_ANSWERS = 1_000;
/** An answer is stapled only while it has this long to run, so a signature never carries one about to lapse. */
const FRESHNESS_MARGIN_MS = 5 * 60_000;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function createOcspStapler(deps: {
  /** The gateway's intermediate (DER): what it issued is answered by `answerOcsp`. */
  gatewayIssuer: Uint8Array | null;
  answerOcsp(requestDer: Uint8Array): Promise<Uint8Array>;
  /** Absent when OCSP=off: other authorities' responders are not asked. */
  ocspFetcher?: SafeFetch | undefined;
  logger?: Logger | undefined;
  clock?: () => Date;
}): OcspStapler {
  const gatewayIssuer = deps.gatewayIssuer ? sha256(deps.gatewayIssuer) : null;
  const now = deps.clock ?? (() => new Date());
  const kept = new Map<string, { response: Uint8Array; until: number }>();
  return {
    async responseFor(signer) {
      // Kept by the chain as given, so a kept answer costs no certificate parsing on the signing path.
      const key = 'certificateChainPem' in signer ? sha256(Buffer.from(signer.certificateChainPem)) : sha256(signer.certificateChain[0] ?? new Uint8Array(0));
      const entry = kept.get(key);
      if (entry && entry.until > now().getTime()) return entry.response;
      const chain = 'certificateChainPem' in signer ? parseCertificateChainPem(signer.certificateChainPem) : [...signer.certificateChain];
      if (chain.length === 0) return null;
      const outcome = await signerRevocation.staple(chain, {
        ownResponder: (credential) => (gatewayIssuer && sha256(credential.issuer) === gatewayIssuer ? deps.answerOcsp : null),
        ...(deps.ocspFetcher && { fetchOcsp: async (url: string) => (await deps.ocspFetcher!(url)).bytes }),
        now,
      });
      if (!outcome.stapled) {
        deps.logger?.info('signing without a stapled OCSP answer', { reason: outcome.reason });
        return null;
      }
      const nextUpdate = outcome.answer.nextUpdate ? Date.parse(outcome.answer.nextUpdate) : now().getTime();
      kept.delete(key);
      kept.set(key, { response: outcome.response, until: nextUpdate - FRESHNESS_MARGIN_MS });
      if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
      return outcome.response;
    },
  };
}
