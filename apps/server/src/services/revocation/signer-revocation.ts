// Revocation of the signer of a verification (OCSP, on unless OCSP=off): certificates this
// gateway's intermediate issued are answered from its own records; any other signing certificate
// that names an OCSP responder is asked through the OCSP fetcher (the safe fetcher with a 3 s
// limit), with answers cached until their nextUpdate. The verdict gains verification.revocation and
// says until when it may be reused.
import { createHash } from 'node:crypto';
import { signerRevocation, type OcspAnswerCache, type SerializedVerification } from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { GatewayCertificateStatus } from './gateway-certificate-status.ts';

export interface RevisedVerification {
  verification: SerializedVerification;
  /** Until when the verdict may be reused (the OCSP answer's nextUpdate); null: no limit of its own. */
  validUntil: Date | null;
}

export interface SignerRevocation {
  apply(verification: SerializedVerification): Promise<RevisedVerification>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function createSignerRevocation(deps: {
  fetcher: SafeFetch;
  /** The gateway's intermediate CA (DER): what it issued is answered from its records. */
  gatewayIssuer: Uint8Array | null;
  certificates: GatewayCertificateStatus;
  cache: OcspAnswerCache;
}): SignerRevocation {
  const gatewayIssuer = deps.gatewayIssuer ? sha256(deps.gatewayIssuer) : null;
  return {
    async apply(verification) {
      const { signingCredential, ...rest } = verification;
      if (!signingCredential) return { verification: rest, validUntil: null };
      const outcome = await signerRevocation.check(signingCredential, {
        fetchOcsp: async (url) => (await deps.fetcher(url)).bytes,
        ownRecords: async (credential) => (gatewayIssuer && sha256(credential.issuer) === gatewayIssuer ? deps.certificates.statusOf(credential.serialNumber) : null),
        cache: deps.cache,
      });
      if (!outcome) return { verification: rest, validUntil: null };
      return { verification: signerRevocation.applySerialized(rest, outcome.check, signingCredential.signedAt, outcome.answer), validUntil: outcome.validUntil };
    },
  };
}
