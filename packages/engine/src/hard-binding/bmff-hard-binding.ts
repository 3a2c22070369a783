/**
 * A BMFF file's hard binding (its `c2pa.hash.bmff` assertion, v1 to v3) checked with node's native
 * SHA-2 instead of inside WebAssembly, as jpeg-hard-binding.ts does for JPEG.
 *
 * How it stays c2pa-rs's verdict: c2pa-wasm validates the file's `ftyp` and C2PA `uuid` box alone
 * (c2pa-rs writes the box right after `ftyp`, so that is the file's first bytes, the store at the
 * same offset; a box placed after the media is validated the same way). Every check c2pa-rs makes
 * of the store, its signature, its assertions and ingredients is made as for the whole file; only
 * the BMFF hash fails ("BMFF file level hash mismatch"), because the media is missing.
 * That hash is computed natively over the whole file (bmff-hash.ts, on the box tree c2pa-rs would
 * build, bmff-boxes.ts); when it matches, the failure becomes the success code c2pa-rs gives.
 * When it differs, c2pa-rs reports the whole file with the very failure the prefix got, so the
 * prefix's report is the answer (a tampered video is judged without c2pa-wasm hashing it). Anything
 * else (another failure, Merkle maps, a second C2PA box, an update manifest, a tree c2pa-rs would
 * build differently, a hash it would fail to compute) returns null and the caller reads the whole
 * file with c2pa-wasm, so unusual files get c2pa-rs's own codes.
 */
import { isToleratedFailure } from '../c2pa/tolerated-failures.ts';
import type { ByteSource } from '../byte-source.ts';
import { C2PA_UUID, readBmffTree, sameBytes, WindowReader, type BmffBox } from '../containers/bmff-boxes.ts';
import { readBmffHash, type BmffHashAssertion, type BmffHashOutcome } from './bmff-hash.ts';
import type { RawCode, RawManifestStore } from '../c2pa/manifest-store.ts';

export { BMFF_MIME_TYPES } from '../formats.ts';

/** The largest C2PA box read natively: one larger is left to c2pa-wasm. */
const MAX_PREFIX_BYTES = 32 * 1024 * 1024;
const MISMATCH = 'assertion.bmffHash.mismatch';

/** Where a BMFF file keeps its manifest store, and the box tree its hash is computed on. */
export interface BmffManifestLayout {
  top: BmffBox[];
  /**
   * The byte ranges [start, end) of the file c2pa-wasm validates, one after the other: its `ftyp`
   * and its C2PA box. c2pa-rs writes the box right after `ftyp`, so for its files this is the file's
   * first bytes, the store at the same offset; a box placed later (after the media, as some tools
   * do) is read the same way, its offset being nothing c2pa-rs checks but through the hash.
   */
  prefix: [start: number, end: number][];
}

/** The bytes c2pa-wasm validates in place of the file. */
export async function manifestPrefixBytes(source: ByteSource, layout: BmffManifestLayout): Promise<Uint8Array> {
  const parts = await Promise.all(layout.prefix.map(([start, end]) => source.read(start, end - start)));
  return parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts));
}

/**
 * The layout of a BMFF file with exactly one top-level C2PA box, of purpose `manifest` (not an
 * update manifest pair, no Merkle boxes), of at most MAX_PREFIX_BYTES; else null.
 */
export async function bmffManifestLayout(source: ByteSource): Promise<BmffManifestLayout | null> {
  const top = await readBmffTree(source);
  if (!top) return null;
  const uuids = top.filter((box) => box.type === 'uuid');
  // c2pa-rs reads every top-level uuid box's content as if its header were 8 bytes long.
  if (uuids.some((box) => box.headerSize !== 8)) return null;
  const c2pa = uuids.filter((box) => box.userType && sameBytes(box.userType, C2PA_UUID));
  const manifest = c2pa[0];
  if (c2pa.length !== 1 || !manifest) return null;
  const ftyp = top[0]!;
  if (manifest.size > MAX_PREFIX_BYTES) return null;
  // Header, UUID, version and flags, then the purpose (NUL-terminated) and an 8-byte Merkle offset.
  const content = await new WindowReader(source).bytes(manifest.offset + 28, manifest.size - 28);
  const purposeEnd = content ? content.indexOf(0) : -1;
  if (!content || purposeEnd === -1 || Buffer.from(content.subarray(0, purposeEnd)).toString('latin1') !== 'manifest') return null;
  if (content.byteLength - purposeEnd - 1 < 8) return null;
  const prefix: BmffManifestLayout['prefix'] =
    manifest.offset === ftyp.offset + ftyp.size
      ? [[0, manifest.offset + manifest.size]]
      : [
          [ftyp.offset, ftyp.offset + ftyp.size],
          [manifest.offset, manifest.offset + manifest.size],
        ];
  return { top, prefix };
}

/** The C2PA failure c2pa-rs gives for a BMFF hash computed over the prefix, and the assertion it names. */
function prefixFailure(label: string, failures: RawCode[]): { code: RawCode; assertionLabel: string } | null {
  const base = `self#jumbf=/c2pa/${label}/c2pa.assertions/`;
  const mismatches = failures.filter((code) => code.code === MISMATCH);
  const [code] = mismatches;
  if (mismatches.length !== 1 || !code?.url?.startsWith(base) || !code.explanation?.includes('BMFF file level hash mismatch')) return null;
  return { code, assertionLabel: code.url.slice(base.length) };
}

/**
 * c2pa-rs's ValidationResults::validation_state: Valid with a validated claim signature inside its
 * validity and only an untrusted signer failing (here or in an ingredient); Trusted when, besides,
 * the signer is trusted and nothing fails, ingredients included.
 */
function validationState(success: RawCode[], failure: RawCode[], ingredientFailures: RawCode[]): 'Trusted' | 'Valid' | 'Invalid' {
  const has = (code: string) => success.some((entry) => entry.code === code);
  const tolerated = (codes: RawCode[]) => codes.every((code) => isToleratedFailure(code.code));
  const valid = has('claimSignature.validated') && has('claimSignature.insideValidity') && tolerated(failure) && tolerated(ingredientFailures);
  if (valid && has('signingCredential.trusted') && failure.length === 0 && ingredientFailures.length === 0) return 'Trusted';
  return valid ? 'Valid' : 'Invalid';
}

const sameCode = (a: RawCode) => (b: RawCode) => a.code === b.code && a.url === b.url && a.explanation === b.explanation;

/**
 * The store c2pa-rs would report for the whole file, from its report on the prefix: the one BMFF
 * hash failure the prefix causes replaced by c2pa-rs's success code when the whole file's hash
 * matches, kept when it does not. Null when the prefix's report has anything else wrong, or c2pa-rs
 * would not compute the hash the same way.
 */
export async function withWholeFileBmffBinding(
  prefixStore: RawManifestStore,
  manifestStore: Uint8Array,
  hashMatches: (assertion: BmffHashAssertion) => Promise<BmffHashOutcome>,
): Promise<RawManifestStore | null> {
  const label = prefixStore.active_manifest;
  const results = prefixStore.validation_results?.activeManifest;
  if (!label || !results || prefixStore.validation_state !== 'Invalid') return null;
  const failures = results.failure ?? [];
  const topLevel = prefixStore.validation_status ?? [];
  const found = prefixFailure(label, failures);
  if (!found || topLevel.filter(sameCode(found.code)).length !== 1) return null;
  const isPrefixFailure = sameCode(found.code);
  const ingredientFailures = (prefixStore.validation_results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas?.failure ?? []);
  // Otherwise only an untrusted signer or a named actor's failure (which leave c2pa-rs's state Valid) may be reported.
  const rest = [...failures, ...topLevel, ...ingredientFailures].filter((code) => !isPrefixFailure(code));
  if (!rest.every((code) => isToleratedFailure(code.code))) return null;
  const assertion = readBmffHash(manifestStore, label, found.assertionLabel);
  const outcome = assertion ? await hashMatches(assertion) : 'unknown';
  // The whole file's hash differs too: c2pa-rs reports it with the very failure the prefix got
  // (same code, URL and words), so the prefix's report is the whole file's, and a tampered video is
  // judged without c2pa-wasm hashing all of it.
  if (outcome === 'mismatch') return prefixStore;
  if (outcome !== 'match') return null;

  const success = [...(results.success ?? [])];
  // c2pa-rs checks the hard binding after the hashed URIs of the claim's assertions.
  let position = success.length;
  while (position > 0 && success[position - 1]?.code !== 'assertion.hashedURI.match') position -= 1;
  success.splice(position || success.length, 0, { code: 'assertion.bmffHash.match', url: found.code.url, explanation: 'BMFF hash valid' });
  const { validation_status: _prefixStatus, ...store } = prefixStore;
  const status = topLevel.filter((code) => !isPrefixFailure(code));
  const failure = failures.filter((code) => !isPrefixFailure(code));
  const state = validationState(success, failure, ingredientFailures);
  if (state === 'Invalid') return null;
  return {
    ...store,
    ...(status.length > 0 && { validation_status: status }),
    validation_state: state,
    validation_results: { ...prefixStore.validation_results, activeManifest: { ...results, success, failure } },
  };
}
