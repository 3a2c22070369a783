// POST /account/signing-identities with kind 'remote': a signing service (KMS/HSM) that holds the
// key; the gateway asks it for each signature with the remote signing protocol (OpenAPI schema
// RemoteSigningProtocol). Called by add-signing-identity.ts, which owns the route.
import type { TRemoteIdentityRequest } from '@provenance/contracts';
import type { SigningIdentityView } from '../../services/signing-identities/signing-identities.ts';
import type { RouteContext } from '../route-context.ts';

export function addRemoteIdentity(ctx: RouteContext, userId: string, body: TRemoteIdentityRequest): Promise<SigningIdentityView> {
  return ctx.services.signingIdentities.addRemote(userId, { url: body.url, secret: body.secret, certificateChain: body.certificateChain, alg: body.alg });
}
