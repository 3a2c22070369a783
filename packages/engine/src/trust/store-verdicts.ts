/**
 * Trust verdicts of c2pa-rs for whole multi-manifest stores (an edit history: the active manifest and
 * its ingredients' own), remembered per exact store. c2pa-rs checks every manifest's signer against
 * the anchors, which in WebAssembly costs about as much as the rest of the validation for a
 * 7-manifest history (RSA chains checked per manifest). Per-chain reuse (trust-verdicts.ts) covers
 * single-manifest stores; here the unit is the store.
 *
 * Why it is exact: for the same store (its manifests, byte for byte), c2pa-rs's report without trust
 * checking depends on the asset only through the active manifest's hard binding, whose outcome is
 * in the validation fields (results, status, state); the manifests' own JSON is the store's. When
 * those fields equal the unchecked read remembered beside a checked one, the checked read of this
 * asset is the remembered checked read (trust depends on the store, the anchors and the time only;
 * entries expire as certificates can). Only intact (Valid) reads are remembered and reused.
 */
import { createHash } from 'node:crypto';
import { boxes, superbox } from '../containers/jumbf.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import type { TrustStore } from './trust-store.ts';

interface StoreVerdict {
  unchecked: string;
  checked: string;
  expiresAt: number;
}

export interface StoreVerdicts {
  /** The checked store c2pa-rs gave for this unchecked one, when one is remembered. */
  get(storeBytes: Uint8Array, unchecked: RawManifestStore): RawManifestStore | undefined;
  set(storeBytes: Uint8Array, unchecked: RawManifestStore, checked: RawManifestStore): void;
}

/** JSON with object keys sorted: c2pa-rs gives its manifests map in no fixed order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What of an unchecked read can differ between assets carrying the same store. */
const assetDependent = (store: RawManifestStore): string =>
  canonicalJson({ active: store.active_manifest, state: store.validation_state, status: store.validation_status, results: store.validation_results });

export function createStoreVerdicts(options: { maxEntries?: number; ttlMs?: number; clock?: () => number } = {}): StoreVerdicts {
  const maxEntries = options.maxEntries ?? 256;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const now = options.clock ?? Date.now;
  const entries = new Map<string, StoreVerdict>();
  return {
    get(storeBytes, unchecked) {
      if (unchecked.validation_state !== 'Valid') return undefined;
      const key = storeIdentity(storeBytes);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      // A fresh copy: callers may attach to what they are given.
      return entry.unchecked === assetDependent(unchecked) ? (JSON.parse(entry.checked) as RawManifestStore) : undefined;
    },
    set(storeBytes, unchecked, checked) {
      if (unchecked.validation_state !== 'Valid') return;
      const key = storeIdentity(storeBytes);
      entries.delete(key);
      entries.set(key, { unchecked: assetDependent(unchecked), checked: JSON.stringify(checked), expiresAt: now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * The store's identity: each manifest's claim and signature boxes, hashed, in sorted order (c2pa-wasm
 * gives a store's bytes with its manifests in an order of its own, the file in another). The
 * assertions are not hashed again: the claim holds their hashes, which an intact read has matched
 * (a manifest whose assertions do not match is a failure, never reused), so the claim names them.
 */
export function storeIdentity(storeBytes: Uint8Array): string {
  const [root] = boxes(storeBytes);
  const manifests = root?.type === 'jumb' ? superbox(root.payload).children : [];
  const digests = manifests.map((manifest) => {
    const hash = createHash('sha256');
    for (const box of superbox(manifest.payload).children) {
      if (box.type === 'jumb' && superbox(box.payload).label === 'c2pa.assertions') continue;
      hash.update(box.payload);
    }
    return hash.digest('base64');
  });
  return createHash('sha256').update(digests.sort().join(',')).digest('base64');
}

const byTrustStore = new WeakMap<TrustStore, StoreVerdicts>();

/** The store verdicts reached under one trust store's anchors (a new store, with other anchors, starts empty). */
export function storeVerdictsOf(trust: TrustStore): StoreVerdicts {
  let verdicts = byTrustStore.get(trust);
  if (!verdicts) {
    verdicts = createStoreVerdicts();
    byTrustStore.set(trust, verdicts);
  }
  return verdicts;
}
