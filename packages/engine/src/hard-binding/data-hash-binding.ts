/**
 * A `c2pa.hash.data` hard binding checked with node's native SHA-2 instead of inside WebAssembly
 * (about 3 ms per MB there against 0.6 natively here), for every format whose binding is a data
 * hash: byte ranges, so the same for every format.
 *
 * How it stays c2pa-rs's verdict: c2pa-wasm validates a small file rebuilt from the asset (the
 * format module's manifest prefix: the asset's own bytes up to the end of its manifest store, closed
 * so it parses), in which the store sits at the same offsets as in the whole file; every check
 * c2pa-rs makes of the store, its location and its exclusions is then made as for the whole file,
 * and only the data hash fails ("Hashes do not match") because the data is missing. That hash is
 * computed here over the whole file with the assertion's exclusions and algorithm, exactly as
 * c2pa-rs computes it; when it matches, the failure becomes the success code c2pa-rs gives.
 * Anything else returns null and the caller reads the whole file with c2pa-wasm.
 *
 * The sidecar read (sidecar-read.ts) uses the same hash and the same code swap on a store read alone.
 */
import { isToleratedFailure } from '../c2pa/tolerated-failures.ts';
import { createHash } from 'node:crypto';
import { decode } from 'cbor-x';
import { manifestBox, superbox } from '../containers/jumbf.ts';
import type { RawCode, RawManifestStore } from '../c2pa/manifest-store.ts';
import type { ManifestPrefix } from '../containers/manifest-prefix.ts';

export type { ManifestPrefix };

const HASH_ALGORITHMS: Record<string, string> = { sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };

export interface DataHashAssertion {
  alg?: unknown;
  hash?: unknown;
  url?: unknown;
  exclusions?: unknown;
}

export interface Exclusion {
  start: number;
  length: number;
}

/** The c2pa.hash.data assertion of a manifest in a store, as CBOR decoded; null when absent or unreadable. */
export function readDataHash(manifestStore: Uint8Array, label: string): DataHashAssertion | null {
  const box = manifestBox(manifestStore, label, ['c2pa.assertions', 'c2pa.hash.data']);
  const cbor = box && superbox(box.payload).children.find((child) => child.type === 'cbor');
  if (!cbor) return null;
  try {
    const value = decode(cbor.payload) as unknown;
    return value && typeof value === 'object' ? (value as DataHashAssertion) : null;
  } catch {
    return null;
  }
}

/** The assertion's exclusions as c2pa-rs decodes them (u64 start and length); null for anything else. */
export function exclusionsOf(assertion: DataHashAssertion): Exclusion[] | null {
  if (assertion.exclusions === undefined || assertion.exclusions === null) return [];
  if (!Array.isArray(assertion.exclusions)) return null;
  const exclusions: Exclusion[] = [];
  for (const exclusion of assertion.exclusions as unknown[]) {
    const { start, length } = (exclusion ?? {}) as { start?: unknown; length?: unknown };
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || (start as number) < 0 || (length as number) < 0) return null;
    if (!Number.isSafeInteger((start as number) + (length as number))) return null;
    exclusions.push({ start: start as number, length: length as number });
  }
  return exclusions;
}

/** How an asset of a given size is hashed for a data hash assertion: the algorithm, the ranges hashed in order, the expected digest. */
export interface DataHashPlan {
  algorithm: string;
  /** [start, end) ranges of the asset, in order, between the exclusions. */
  ranges: [number, number][];
  expected: Uint8Array;
}

/**
 * How c2pa-rs hashes an asset of `size` bytes for this assertion (hash_stream_by_alg): exclusions
 * sorted by start, the last one by start ending inside the data (else c2pa-rs fails), empty ones
 * ignored, overlaps merged. Null when it cannot match: a remote hash, an algorithm c2pa-rs does not
 * name, exclusions it would not accept.
 */
export function dataHashPlan(assertion: DataHashAssertion, size: number): DataHashPlan | null {
  const algorithm = typeof assertion.alg === 'string' ? HASH_ALGORITHMS[assertion.alg] : undefined;
  const exclusions = exclusionsOf(assertion);
  if (!algorithm || assertion.url !== undefined || !(assertion.hash instanceof Uint8Array) || !exclusions || size < 1) return null;
  // A stable sort, as Rust's sort_by_key: the range c2pa-rs checks is the last by start.
  exclusions.sort((a, b) => a.start - b.start);
  const last = exclusions.at(-1);
  if (last && last.start + last.length > size) return null;
  const ranges: [number, number][] = [];
  let cursor = 0;
  for (const { start, length } of exclusions) {
    if (length === 0) continue;
    if (start > cursor) ranges.push([cursor, start]);
    cursor = Math.max(cursor, start + length);
  }
  if (cursor < size) ranges.push([cursor, size]);
  return { algorithm, ranges, expected: assertion.hash };
}

/** True when the data hash of `bytes` equals the assertion's, computed as c2pa-rs computes it (dataHashPlan). */
export function dataHashMatches(bytes: Uint8Array, assertion: DataHashAssertion): boolean {
  const plan = dataHashPlan(assertion, bytes.byteLength);
  if (!plan) return false;
  const hash = createHash(plan.algorithm);
  for (const [start, end] of plan.ranges) hash.update(bytes.subarray(start, end));
  return Buffer.from(plan.expected).equals(hash.digest());
}

/** The data hash assertion's URL in c2pa-rs's codes. */
export const dataHashUrl = (label: string) => `self#jumbf=/c2pa/${label}/c2pa.assertions/c2pa.hash.data`;

/** c2pa-rs's failure for a data hash computed over bytes that are not the asset's (a prefix, a store alone). */
export function isStandInFailure(label: string): (code: RawCode) => boolean {
  const url = dataHashUrl(label);
  return (code) => code.code === 'assertion.dataHash.mismatch' && code.url === url && Boolean(code.explanation?.includes('Hashes do not match'));
}

/**
 * The store with c2pa-rs's one data hash failure (computed over stand-in bytes) replaced by the
 * success code c2pa-rs gives when the hash matches, and the state c2pa-rs then gives
 * (validation_results.rs, validation_state): Valid when the claim signature is validated and inside
 * its validity and every failure of the active manifest and of the ingredients' deltas is tolerated
 * (an untrusted signer); Trusted when, besides, the signer is trusted and there is no failure at all.
 */
export function withDataHashMatch(store: RawManifestStore): RawManifestStore {
  const label = store.active_manifest;
  const results = store.validation_results?.activeManifest;
  if (!label || !results) return store;
  const isStandIn = isStandInFailure(label);
  const success = [...(results.success ?? [])];
  // c2pa-rs checks the hard binding after the hashed URIs of the claim's assertions.
  let position = success.length;
  while (position > 0 && success[position - 1]?.code !== 'assertion.hashedURI.match') position -= 1;
  success.splice(position || success.length, 0, { code: 'assertion.dataHash.match', url: dataHashUrl(label), explanation: 'data hash valid' });
  const failure = (results.failure ?? []).filter((code) => !isStandIn(code));
  const status = (store.validation_status ?? []).filter((code) => !isStandIn(code));
  const { validation_status: _standInStatus, ...rest } = store;
  const ingredientFailures = (store.validation_results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas?.failure ?? []);
  const has = (code: string) => success.some((item) => item.code === code);
  const tolerated = (codes: RawCode[]) => codes.every((code) => isToleratedFailure(code.code));
  const valid = has('claimSignature.validated') && has('claimSignature.insideValidity') && tolerated(failure) && tolerated(ingredientFailures);
  const trusted = valid && has('signingCredential.trusted') && failure.length === 0 && ingredientFailures.length === 0;
  return {
    ...rest,
    ...(status.length > 0 && { validation_status: status }),
    validation_state: trusted ? 'Trusted' : valid ? 'Valid' : 'Invalid',
    validation_results: { ...store.validation_results, activeManifest: { ...results, success, failure } },
  };
}

/**
 * The store c2pa-rs would report for the whole file, from its report on the manifest prefix: the one
 * data hash failure the prefix causes replaced by c2pa-rs's success code, when the whole file's data
 * hash matches. Null when the prefix's report has anything else wrong (an untrusted signer aside,
 * which leaves c2pa-rs's state Valid, as the corpus shows), or the hash does not match.
 */
export function withWholeFileBinding(prefixStore: RawManifestStore, manifestStore: Uint8Array, bytes: Uint8Array): RawManifestStore | null {
  const assertion = standInDataHash(prefixStore, manifestStore);
  if (!assertion || !dataHashMatches(bytes, assertion)) return null;
  return withDataHashMatch(prefixStore);
}

/**
 * The active manifest's data hash assertion, when the prefix's report has nothing wrong but the one
 * data hash failure the prefix causes (an untrusted signer aside); null otherwise. The whole file's
 * hash is then the only thing left to check (withWholeFileBinding, or as the file streams).
 */
export function standInDataHash(prefixStore: RawManifestStore, manifestStore: Uint8Array): DataHashAssertion | null {
  const label = prefixStore.active_manifest;
  const results = prefixStore.validation_results?.activeManifest;
  if (!label || !results) return null;
  const isStandIn = isStandInFailure(label);
  const failures = results.failure ?? [];
  const topLevel = prefixStore.validation_status ?? [];
  const ingredientFailures = (prefixStore.validation_results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas?.failure ?? []);
  const rest = [...failures, ...topLevel, ...ingredientFailures].filter((code) => !isStandIn(code));
  if (failures.filter(isStandIn).length !== 1 || topLevel.filter(isStandIn).length !== 1 || !rest.every((code) => isToleratedFailure(code.code)) || prefixStore.validation_state !== 'Invalid') return null;
  return readDataHash(manifestStore, label);
}
