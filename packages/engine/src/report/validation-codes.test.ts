import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { explainCode } from './validation-codes.ts';

/**
 * Every status code c2pa-rs 0.92 (c2pa-wasm 0.15) can emit: the `validation_codes` of its
 * `validation_results.rs`, the codes its CAWG identity validation logs (`identity/`), and the codes
 * found only in its binary (the CAWG 1.3 time-stamp codes, redaction and soft-binding rules).
 */
const C2PA_RS_CODES: readonly string[] = [
  'claim.missing', 'claim.multiple', 'claim.malformed', 'claim.cbor.invalid', 'claim.required.missing', 'claim.hardBindings.missing',
  'claimSignature.validated', 'claimSignature.insideValidity', 'claimSignature.mismatch', 'claimSignature.missing', 'claimSignature.outsideValidity',
  'timeOfSigning.insideValidity', 'algorithm.unsupported', 'algorithm.deprecated',
  'signingCredential.trusted', 'signingCredential.untrusted', 'signingCredential.invalid', 'signingCredential.expired',
  'signingCredential.ocsp.skipped', 'signingCredential.ocsp.notRevoked', 'signingCredential.ocsp.revoked', 'signingCredential.ocsp.unknown', 'signingCredential.ocsp.inaccessible',
  'timeStamp.validated', 'timeStamp.trusted', 'timeStamp.untrusted', 'timeStamp.mismatch', 'timeStamp.malformed', 'timeStamp.outsideValidity',
  'assertion.dataHash.match', 'assertion.dataHash.mismatch', 'assertion.dataHash.malformed', 'assertion.dataHash.redacted', 'assertion.dataHash.additionalExclusionsPresent',
  'assertion.bmffHash.match', 'assertion.bmffHash.mismatch', 'assertion.bmffHash.malformed', 'assertion.bmffHash.additionalExclusionsPresent',
  'assertion.boxesHash.match', 'assertion.boxesHash.mismatch', 'assertion.boxesHash.malformed', 'assertion.boxesHash.unknownBox', 'assertion.boxesHash.additionalExclusionsPresent',
  'assertion.collectionHash.match', 'assertion.collectionHash.mismatch', 'assertion.collectionHash.malformed', 'assertion.collectionHash.incorrectFileCount', 'assertion.collectionHash.invalidURI',
  'assertion.multipleHardBindings', 'assertion.hardBinding.redacted',
  'assertion.hashedURI.match', 'assertion.hashedURI.mismatch', 'assertion.missing', 'assertion.undeclared', 'assertion.inaccessible', 'assertion.accessible',
  'assertion.outsideManifest', 'assertion.required.missing', 'assertion.cbor.invalid', 'assertion.json.invalid', 'assertion.notRedacted', 'assertion.selfRedacted',
  'assertion.metadata.disallowed', 'assertion.timestamp.malformed', 'assertion.ingredient.malformed', 'assertion.external-reference.malformed',
  'assertion.cloud-data.malformed', 'assertion.cloud-data.hardBinding', 'assertion.cloud-data.actions',
  'assertion.action.malformed', 'assertion.action.ingredientMismatch', 'assertion.action.redacted', 'assertion.action.redactionMismatch', 'assertion.action.softBindingMissing',
  'manifest.inaccessible', 'manifest.unknownProvenance', 'manifest.unreferenced', 'manifest.multipleParents', 'manifest.compressed.invalid',
  'manifest.update.invalid', 'manifest.update.wrongParents', 'manifest.timestamp.invalid', 'manifest.timestamp.wrongParents',
  'ingredient.manifest.validated', 'ingredient.manifest.mismatch', 'ingredient.manifest.missing', 'ingredient.claimSignature.validated',
  'ingredient.claimSignature.mismatch', 'ingredient.claimSignature.missing', 'ingredient.hashedURI.mismatch', 'ingredient.unknownProvenance',
  'hashedURI.missing', 'hashedURI.mismatch', 'general.error',
  'cawg.identity.well-formed', 'cawg.identity.cbor.invalid', 'cawg.identity.assertion.mismatch', 'cawg.identity.assertion.duplicate',
  'cawg.identity.hard_binding_missing', 'cawg.identity.pad.invalid', 'cawg.identity.sig_type.unknown',
  'cawg.x509.signature.validated', 'cawg.x509.signature.mismatch', 'cawg.x509.signature.outside_validity', 'cawg.x509.credential.trusted',
  'cawg.x509.credential.untrusted', 'cawg.x509.credential.invalid', 'cawg.x509.algorithm.unsupported',
  'cawg.x509.time_stamp.validated', 'cawg.x509.time_stamp.trusted', 'cawg.x509.time_stamp.untrusted', 'cawg.x509.time_stamp.mismatch',
  'cawg.x509.time_stamp.malformed', 'cawg.x509.time_stamp.outside_validity',
  'cawg.ica.credential_valid', 'cawg.ica.untrusted_issuer', 'cawg.ica.invalid_issuer', 'cawg.ica.did_unavailable', 'cawg.ica.invalid_did_document',
  'cawg.ica.invalid_alg', 'cawg.ica.invalid_content_type', 'cawg.ica.invalid_cose_sign1', 'cawg.ica.invalid_verifiable_credential',
  'cawg.ica.signature_mismatch', 'cawg.ica.signer_payload.mismatch', 'cawg.ica.time_stamp.validated', 'cawg.ica.time_stamp.invalid',
  'cawg.ica.valid_from.missing', 'cawg.ica.valid_from.invalid', 'cawg.ica.valid_until.invalid',
];

/**
 * Strings of c2pa-rs's binary that look like codes and are not (labels such as `c2pa.ingredient.v3`
 * are passed over by their `c2pa.` prefix): the identity assertion's label, label parts stored
 * apart (`c2pa.thumbnail.claim` then `.metadata`), the crJSON `claim.v2` key, the manifest's file
 * name in an archive, source file names of its panic messages, and the `cawg.x509.` prefix it
 * matches codes with, stored next to `cawg.identity.`.
 */
const NOT_CODES: readonly string[] = ['cawg.identity', 'claim.metadata', 'claim.v2', 'manifest.json', 'cawg.x509.cawg.identity.', 'assertion.rs', 'claim.rs', 'ingredient.rs', 'manifest.rs', 'cawg.rs'];

const FAMILIES = ['claimSignature', 'claim', 'signingCredential', 'timeStamp', 'timeOfSigning', 'algorithm', 'assertion', 'ingredient', 'manifest', 'hashedURI', 'general', 'cawg'];

/**
 * The code-shaped strings of a WebAssembly binary that are neither a known code nor a known other string.
 * Its strings are stored end to end, so a code may run on into the next string: a string is taken
 * as `entry` when it starts with it and does not go on with another dot-separated part. A match
 * inside one taken (`assertion.` in `cawg.identity.assertion.mismatch`) is passed over.
 */
function unknownCodeStrings(binary: Uint8Array, known: readonly string[]): string[] {
  const text = Buffer.from(binary).toString('latin1');
  const shape = new RegExp(`(?=((?:${FAMILIES.join('|')})\\.[A-Za-z0-9_.-]*))`, 'g');
  const unknown = new Set<string>();
  let coveredUntil = 0;
  for (const match of text.matchAll(shape)) {
    if (match.index < coveredUntil || text.slice(match.index - 5, match.index) === 'c2pa.') continue;
    const found = match[1]!;
    const entry = known
      .filter((candidate) => found.startsWith(candidate) && found[candidate.length] !== '.')
      .reduce<string | undefined>((longest, candidate) => (candidate.length > (longest?.length ?? 0) ? candidate : longest), undefined);
    if (entry) coveredUntil = match.index + entry.length;
    else unknown.add(found.slice(0, 60));
  }
  return [...unknown];
}

describe('the words for c2pa-rs validation status codes', () => {
  it('has its own words for every code c2pa-rs 0.92 can emit', () => {
    expect(C2PA_RS_CODES.filter((code) => explainCode(code) === code)).toEqual([]);
  });

  it('knows every code the installed c2pa-wasm carries (a newer one fails here until its code has words)', () => {
    const binary = readFileSync(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm'));
    expect(unknownCodeStrings(binary, [...C2PA_RS_CODES, ...NOT_CODES])).toEqual([]);
    // The scan reads c2pa-rs 0.92's strings: its CAWG 1.3 time-stamp codes are there.
    expect(unknownCodeStrings(binary, NOT_CODES)).toEqual(expect.arrayContaining([expect.stringMatching(/^cawg\.x509\.time_stamp\.trusted/)]));
  });
});
