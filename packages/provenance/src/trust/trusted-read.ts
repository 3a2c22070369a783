/**
 * A validating read with c2pa-rs's trust verdict, reusing verdicts already reached for the same
 * signer chain under the same anchors: c2pa-rs parses every anchor on every checked read, which
 * would otherwise cost more than the validation itself.
 */
import { chainFingerprint, signatureTimestampToken, signerChain } from '../c2pa/claim-signature.ts';
import { manifestCount } from '../c2pa/jumbf.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { nativeSegments, readNatively, readStore, readWhole, type StoreRead, type StoreReadOptions } from '../c2pa/read-store.ts';
import { readTimestampToken } from '../signer/timestamp-token.ts';
import type { TrustStore } from './trust-store.ts';
import { applyTrustDelta, trustDelta } from './trust-verdicts.ts';

export interface TrustedReadOptions extends StoreReadOptions {
  /**
   * Reuse c2pa-rs's trust verdict for a signer chain already judged under the same anchors (on by
   * default); off, every read parses the anchors again, as raw c2pa-wasm does.
   */
  reuseTrustVerdicts?: boolean;
}

const UNCHECKED_TRUST_CONTEXT = readerSettings();

/**
 * The key of the signer chain of a single-manifest store read without trust checking, when its
 * verdict can be reused: one manifest (ingredients' own manifests are judged separately by
 * c2pa-rs), intact (Valid), and a chain we can read; a timestamp's certificates join the key.
 */
function reusableChainKey({ store, storeBytes }: StoreRead): string | null {
  const label = store.active_manifest;
  if (!label || !storeBytes || store.validation_state !== 'Valid' || Object.keys(store.manifests ?? {}).length !== 1) return null;
  const chain = signerChain(storeBytes, label);
  if (!chain) return null;
  // A timestamp's authority is judged against the same anchors (timeStamp.trusted or untrusted),
  // so its certificates are part of what the verdict is about.
  const token = signatureTimestampToken(storeBytes, label);
  if (!token) return chainFingerprint(chain);
  try {
    return chainFingerprint([...chain, ...readTimestampToken(token).certificates]);
  } catch {
    return null;
  }
}

/**
 * Reads the store with the trust verdict c2pa-rs gives. With anchors, the read is first made without
 * trust checking; a verdict already known for the signer's exact chain is applied, otherwise one
 * checked read is made and its verdict remembered.
 */
export async function readWithTrust(mime: string, bytes: Uint8Array, trust: TrustStore, options: TrustedReadOptions): Promise<StoreRead | null> {
  if (options.remoteManifest) return readStore(mime, bytes, trust.remoteReaderContext, options);
  if (trust.anchors.length === 0 || options.reuseTrustVerdicts === false) return readStore(mime, bytes, trust.readerContext, options);
  const segments = nativeSegments(mime, bytes, options);
  // Verdicts are reused for single-manifest stores only: a JPEG whose store holds more is read once,
  // with the anchors.
  if (segments && manifestCount(segments.store) > 1) return readStore(mime, bytes, trust.readerContext, options, segments);
  const unchecked = segments ? await readNatively(bytes, segments, UNCHECKED_TRUST_CONTEXT) : await readWhole(mime, bytes, UNCHECKED_TRUST_CONTEXT, options);
  // A JPEG the native check did not confirm is invalid or unusual: c2pa-rs's checked read of the
  // whole file is the answer, without a second unchecked read first.
  if (!unchecked) return segments ? readWhole(mime, bytes, trust.readerContext, options) : null;
  const uncheckedStore = unchecked.store;
  const chainKey = reusableChainKey(unchecked);
  const label = uncheckedStore.active_manifest;
  const known = chainKey ? trust.verdicts.get(chainKey) : undefined;
  if (known && label) {
    const activeManifest = applyTrustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, known, label);
    return { ...unchecked, store: { ...uncheckedStore, validation_state: known.state, validation_results: { ...uncheckedStore.validation_results, activeManifest } } };
  }
  unchecked.reader.free();
  const read = await readStore(mime, bytes, trust.readerContext, options, segments);
  if (!read) return null;
  const { store } = read;
  if (chainKey && label && store.validation_state) {
    trust.verdicts.set(chainKey, trustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, store.validation_results?.activeManifest ?? {}, store.validation_state, label));
  }
  return read;
}
