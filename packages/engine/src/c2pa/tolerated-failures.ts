/**
 * The failures c2pa-rs tolerates in a valid manifest (validation_results.rs,
 * is_tolerated_manifest_failure_code): an untrusted claim signer, and any failure of a CAWG X.509
 * identity assertion, which is the named actor's, not the claim's. The native reads that rebuild
 * c2pa-rs's validation state use it, so they say what c2pa-rs says of the whole file.
 */
export function isToleratedFailure(code: string): boolean {
  return code === 'signingCredential.untrusted' || code.startsWith('cawg.x509.');
}
