// Revocation of an account's managed signing certificate (the key is said to be compromised): the
// gateway's records mark its serial revoked, so the gateway's OCSP responder and CRL say so and
// verifications of what it signed turn invalid at once (cached verdicts are forgotten); the
// account's next signing is given a new managed certificate. API keys and sessions are untouched.
import { X509Certificate } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signingIdentities } from '../../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { GatewayCertificateStatus } from '../revocation/gateway-certificate-status.ts';

export interface RevokedIdentity {
  id: string;
  serialNumber: string;
  /** The revocation time on record: the certificate's notBefore (compromised since issuance). */
  revokedAt: string;
}

export interface IdentityRevocation {
  /** Revokes the account's managed identity `identityId` (404 for another account's or none). */
  revoke(userId: string, identityId: string): Promise<RevokedIdentity>;
}

export interface IdentityRevocationDeps {
  db: Db;
  certificates: GatewayCertificateStatus;
  /** Called once the revocation is recorded: drops verdicts that may rest on the certificate. */
  onRevoked: () => void;
  clock?: () => Date;
}

export function createIdentityRevocation(deps: IdentityRevocationDeps): IdentityRevocation {
  const now = deps.clock ?? (() => new Date());
  return {
    async revoke(userId, identityId) {
      const [identity] = await deps.db
        .select({ id: signingIdentities.id, kind: signingIdentities.kind, serialNumber: signingIdentities.serialNumber, certificateChain: signingIdentities.certificateChain })
        .from(signingIdentities)
        .where(and(eq(signingIdentities.id, identityId), eq(signingIdentities.userId, userId)))
        .limit(1);
      if (!identity) throw DomainError.notFound('No such signing identity on this account');
      // A certificate from another CA is revoked by that CA; the gateway only speaks for its own.
      if (identity.kind !== 'managed') throw DomainError.invalid('Only a managed certificate (issued by this gateway) can be revoked here; ask the CA that issued yours');
      // When the key leaked is not known, so the revocation covers the certificate's whole life (the
      // backdating CAs may do for keyCompromise): a compromised key could have signed anything, with
      // whatever signing time it claimed, so every signature it made is void, not only later ones.
      const issuedAt = new Date(new X509Certificate(identity.certificateChain).validFrom);
      const revokedAt = Number.isNaN(issuedAt.getTime()) ? now() : issuedAt;
      const current = await deps.certificates.statusOf(identity.serialNumber);
      // Revoking twice keeps the first time: that is when the key was said to be compromised.
      const at = current.status === 'revoked' && current.revokedAt ? current.revokedAt : revokedAt;
      if (current.status !== 'revoked') await deps.certificates.revoke(identity.serialNumber, at);
      deps.onRevoked();
      return { id: identity.id, serialNumber: identity.serialNumber, revokedAt: at.toISOString() };
    },
  };
}
