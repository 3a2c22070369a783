// The browser's c2pa-rs (c2pa-web's 0.90) cannot judge a CAWG identity assertion's credential: it
// never reads identity trust anchors (c2pa-rs issue 2599) and names the identity's failure with the
// claim's own code (signingCredential.untrusted, at the identity assertion's URL), which leaves a
// claim it trusts Valid instead of Trusted. Until the browser runs the gateway's engine, that failure
// is given its CAWG 1.3 name (cawg.x509.credential.untrusted: the named actor reads "not confirmed")
// and not held against the claim, so a file the gateway signed for an organisation gets the same
// verdict here as on the gateway; the claim's own codes decide it, as there.
import type { RawManifestStore } from '@provenance/engine/report';

const IDENTITY_URL = /\/c2pa\.assertions\/cawg\.identity(__\d+)?$/;

type Code = NonNullable<NonNullable<NonNullable<RawManifestStore['validation_results']>['activeManifest']>['failure']>[number];

const ofIdentity = (code: Code): boolean => IDENTITY_URL.test(code.url ?? '');

export function identityApart(store: RawManifestStore): RawManifestStore {
  const results = store.validation_results?.activeManifest;
  const failure = results?.failure ?? [];
  const unjudged = failure.filter((code) => code.code === 'signingCredential.untrusted' && ofIdentity(code));
  if (!results || unjudged.length === 0) return store;
  const rest = failure.filter((code) => !unjudged.includes(code));
  const renamed = unjudged.map((code) => ({ ...code, code: 'cawg.x509.credential.untrusted' }));
  const claimTrusted = store.validation_state === 'Valid' && rest.length === 0 && (results.success ?? []).some((code) => code.code === 'signingCredential.trusted' && !ofIdentity(code));
  // The store's one list of failures repeats them as other objects.
  const rename = (codes: Code[] | undefined): Code[] | undefined =>
    codes?.map((code) => (code.code === 'signingCredential.untrusted' && ofIdentity(code) ? { ...code, code: 'cawg.x509.credential.untrusted' } : code));
  return {
    ...store,
    ...(claimTrusted && { validation_state: 'Trusted' as const }),
    ...(store.validation_status && { validation_status: rename(store.validation_status) }),
    validation_results: { ...store.validation_results, activeManifest: { ...results, failure: [...rest, ...renamed] } },
  };
}
