// Mounts the /account/signing-identities routes (Settings, Signing identity); one handler per file.
import type { ApiApp, RouteContext } from '../route-context.ts';
import { registerActivateSigningIdentity } from './activate-signing-identity.ts';
import { registerAddSigningIdentity } from './add-signing-identity.ts';
import { registerListSigningIdentities } from './list-signing-identities.ts';
import { registerRemoveSigningIdentity } from './remove-signing-identity.ts';
import { registerRevokeSigningIdentity } from './revoke-signing-identity.ts';

export function registerSigningIdentityRoutes(api: ApiApp, ctx: RouteContext): void {
  registerListSigningIdentities(api, ctx);
  registerAddSigningIdentity(api, ctx);
  registerActivateSigningIdentity(api, ctx);
  registerRevokeSigningIdentity(api, ctx);
  registerRemoveSigningIdentity(api, ctx);
}
