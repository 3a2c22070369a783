/**
 * A validating read with c2pa-rs's trust verdict, reusing verdicts already reached for the same
 * signer chain under the same anchors: c2pa-rs parses every anchor on every checked read, which
 * would otherwise cost more than the validation itself.
 */
import { chainFingerprint, signatureTimestampToken, signerChain } from '../containers/claim-signature.ts';
import { identityCredentials } from '../containers/identity-signature.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import type { StoreRead, StoreReadOptions } from '../c2pa/store-read.ts';
import { assetReads, type AssetReads } from '../hard-binding/source-read.ts';
import { readTimestampToken } from '../signer/timestamp-token.ts';
import type { TrustStore } from './trust-store.ts';
import { storeVerdictsOf } from './store-verdicts.ts';
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
  const signer = signerChain(storeBytes, label);
  if (!signer) return null;
  // The verdict covers the named actors' credentials too (their cawg.* trust codes): each
  // identity's chain joins the key, so two organisations under one claim signer are judged apart.
  // An identity that failed otherwise than by trust is read afresh.
  const failures = store.validation_results?.activeManifest?.failure ?? [];
  if (failures.some((code) => code.code.startsWith('cawg.') && code.code !== 'cawg.x509.credential.untrusted')) return null;
  const chain = [...signer, ...identityCredentials(storeBytes, label).flatMap((identity) => identity.chain)];
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
  return readTrusted(assetReads(mime, bytes, options), trust, options);
}

/** readWithTrust over an asset's reads (in memory or from a ByteSource). */
export async function readTrusted(reads: AssetReads, trust: TrustStore, options: TrustedReadOptions): Promise<StoreRead | null> {
  const { native, whole } = reads;
  const read = async (context: string) => (native && (await native(context))) || whole(context);
  if (options.remoteManifest) return read(trust.remoteReaderContext);
  if (trust.anchors.length === 0 || options.reuseTrustVerdicts === false) return read(trust.readerContext);
  const unchecked = native ? await native(UNCHECKED_TRUST_CONTEXT) : await whole(UNCHECKED_TRUST_CONTEXT);
  // A file the native check did not confirm is invalid or unusual: c2pa-rs's checked read of the
  // whole file is the answer, without a second unchecked read first.
  if (!unchecked) return native ? whole(trust.readerContext) : null;
  const uncheckedStore = unchecked.store;
  // A store of several manifests (an edit history): its verdict is reused per exact store
  // (store-verdicts.ts); c2pa-rs's trust check of every manifest's chain costs as much as the rest.
  const historyBytes = Object.keys(uncheckedStore.manifests ?? {}).length > 1 ? unchecked.storeBytes : null;
  const knownHistory = historyBytes && storeVerdictsOf(trust).get(historyBytes, uncheckedStore);
  if (knownHistory) return { ...unchecked, store: knownHistory };
  const chainKey = reusableChainKey(unchecked);
  const label = uncheckedStore.active_manifest;
  const known = chainKey ? trust.verdicts.get(chainKey) : undefined;
  if (known && label) {
    const activeManifest = applyTrustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, known, label);
    return { ...unchecked, store: { ...uncheckedStore, validation_state: known.state, validation_results: { ...uncheckedStore.validation_results, activeManifest } } };
  }
  unchecked.reader.free();
  const checked = await read(trust.readerContext);
  if (!checked) return null;
  const { store } = checked;
  if (historyBytes) storeVerdictsOf(trust).set(historyBytes, uncheckedStore, store);
  if (chainKey && label && store.validation_state) {
    trust.verdicts.set(chainKey, trustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, store.validation_results?.activeManifest ?? {}, store.validation_state, label));
  }
  return checked;
}
