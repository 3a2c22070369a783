/**
 * Which validation status code a verdict's reason explains, chosen by severity: a changed file or a
 * failed signature first (the content cannot be relied on at all), then an expired or revoked
 * credential, then any other failure, and the signer's trust last. Without this, the first code
 * c2pa-rs happens to list (often `signingCredential.untrusted`) would be blamed for tampering.
 */
const TAMPERED = /(^|\.)claimSignature\.(mismatch|missing)$|(^|\.)(hash|[a-z]+Hash|hashedURI|manifest)\.mismatch$/;
const CREDENTIAL = /^signingCredential\.(expired|revoked|invalid|ocsp\.revoked)$|^claimSignature\.outsideValidity$/;
const TRUST = /\.untrusted$/;

/** Lower is more severe. */
export function severity(code: string): number {
  if (TAMPERED.test(code)) return 0;
  if (CREDENTIAL.test(code)) return 1;
  if (TRUST.test(code)) return 3;
  return 2;
}

/** The most severe of the codes (the first listed among equals), or null when there are none. */
export function mostSevere<Code extends { code: string }>(codes: readonly Code[]): Code | null {
  let chosen: Code | null = null;
  for (const code of codes) if (!chosen || severity(code.code) < severity(chosen.code)) chosen = code;
  return chosen;
}
