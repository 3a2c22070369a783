// Revocation of the named actors of a verification (the credentials of its CAWG identity
// assertions), which c2pa-rs does not check: a credential this installation's intermediate CA issued
// (one intermediate shared by every copy) is answered from the gateway's own records, the very
// records its OCSP responder and CRL answer from, so every copy agrees with them and with each other;
// any other credential is said not to have been checked (the gateway asks no outside responder about
// named actors). The answer changes the named actor's entry only, never the claim's verdict.
import { createHash } from 'node:crypto';
import { identityRevocation, type RevocationCheck, type SerializedVerification } from '@provenance/engine';

type IdentityRevocationAnswer = Parameters<typeof identityRevocation.applySerialized>[1][number];
import type { GatewayCertificateStatus } from './gateway-certificate-status.ts';

export interface NamedActorRevocation {
  /** The verdict with each named actor's credential revocation applied; without the credentials it carried. */
  apply(verification: SerializedVerification): Promise<SerializedVerification>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function createNamedActorRevocation(deps: {
  /** The gateway's intermediate CA (DER): the credentials it issued are answered from its records. */
  gatewayIssuer: Uint8Array | null;
  certificates: GatewayCertificateStatus;
  now?: () => Date;
}): NamedActorRevocation {
  const gatewayIssuer = deps.gatewayIssuer ? sha256(deps.gatewayIssuer) : null;
  return {
    async apply(verification) {
      const { identityCredentials, ...rest } = verification;
      if (!identityCredentials || identityCredentials.length === 0) return rest;
      const checkedAt = (deps.now?.() ?? new Date()).toISOString();
      const ours = identityCredentials.filter(({ credential }) => gatewayIssuer !== null && sha256(credential.issuer) === gatewayIssuer);
      const records = await deps.certificates.statusesOf(ours.map(({ credential }) => credential.serialNumber));
      const answers: IdentityRevocationAnswer[] = identityCredentials.map(({ label, credential }) => {
        const index = ours.findIndex((own) => own.label === label);
        const record = index >= 0 ? records[index] : undefined;
        const check: RevocationCheck = record
          ? { status: record.status, source: 'gateway', responder: null, checkedAt, revokedAt: record.revokedAt?.toISOString() ?? null, reason: null }
          : { status: 'not_checked', source: 'gateway', responder: null, checkedAt: null, revokedAt: null, reason: identityRevocation.notIssuedHere };
        return { label, check, signedAt: credential.signedAt };
      });
      return identityRevocation.applySerialized(rest, answers);
    },
  };
}
