import { describe, expect, it } from 'vitest';
import type { RawManifestStore } from '@provenance/engine/report';
import { identityApart } from './identity-apart';

const claim = 'self#jumbf=/c2pa/urn:c2pa:1/c2pa.signature';
const identity = 'self#jumbf=/c2pa/urn:c2pa:1/c2pa.assertions/cawg.identity';

const store = (state: 'Valid' | 'Trusted', failure: { code: string; url: string }[]): RawManifestStore => ({
  active_manifest: 'urn:c2pa:1',
  validation_state: state,
  validation_results: { activeManifest: { success: [{ code: 'signingCredential.trusted', url: claim }], informational: [], failure } },
});

describe('identityApart: an identity the browser cannot judge is not held against the claim', () => {
  it('names the identity failure as CAWG 1.3 does and reads a claim it trusts as Trusted', () => {
    const apart = identityApart(store('Valid', [{ code: 'signingCredential.untrusted', url: identity }]));
    expect(apart.validation_state).toBe('Trusted');
    expect(apart.validation_results?.activeManifest?.failure).toEqual([{ code: 'cawg.x509.credential.untrusted', url: identity }]);
  });

  it("leaves the claim's own failures to decide: an untrusted claim signer stays Valid", () => {
    const given = store('Valid', [
      { code: 'signingCredential.untrusted', url: claim },
      { code: 'signingCredential.untrusted', url: identity },
    ]);
    const apart = identityApart(given);
    expect(apart.validation_state).toBe('Valid');
    expect(apart.validation_results?.activeManifest?.failure?.map((code) => code.code)).toEqual(['signingCredential.untrusted', 'cawg.x509.credential.untrusted']);
  });

  it('changes nothing else', () => {
    const given = store('Trusted', []);
    expect(identityApart(given)).toBe(given);
  });
});
