// What an account should know about a brought identity before signing with it, in words. A chain
// whose root is not on the C2PA trust list signs files that validate, but other validators (which
// trust that list, not this gateway's operator lists) show them as unrecognised: partial, not
// verified. Judged with the engine's trust store, as verification judges the signer.
import { broughtIdentity, type TrustStore } from '@provenance/engine';

export const PRIVATE_ROOT_WARNING = "This certificate's root is not on the C2PA trust list: other validators will show files signed with it as unrecognised (partial)";

/** Managed identities carry none: the report's trust label already says the gateway's root is no trust list. */
export function identityWarnings(identity: { kind: 'managed' | 'certificate' | 'remote'; certificateChain: string }, trust: TrustStore): string[] {
  if (identity.kind === 'managed') return [];
  let chain: Uint8Array[];
  try {
    chain = broughtIdentity.parseChain(identity.certificateChain);
  } catch {
    return [PRIVATE_ROOT_WARNING];
  }
  return trust.vouch(chain).tier === 'conformant' ? [] : [PRIVATE_ROOT_WARNING];
}
