/**
 * The read of a data-hashed asset held in memory with its store near the start
 * (containers/manifest-prefix.ts): c2pa-wasm reads only the manifest prefix, and the hard binding is
 * checked with native SHA-2 (data-hash-binding.ts). A file that check does not confirm is for
 * c2pa-wasm to read whole (c2pa/store-read.ts).
 */
import { manifestStoreBytes, openReader } from '../c2pa/open-reader.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import type { StoreRead, StoreReadOptions } from '../c2pa/store-read.ts';
import { manifestCount } from '../containers/jumbf.ts';
import { manifestPrefixOf, type ManifestPrefix } from '../containers/manifest-prefix.ts';
import { withWholeFileBinding } from './data-hash-binding.ts';

/** The asset's manifest prefix, when its hard binding may be checked natively. */
export function nativeSegments(mime: string, bytes: Uint8Array, options: StoreReadOptions): ManifestPrefix | null {
  return options.nativeHardBinding !== false && !options.remoteManifest ? manifestPrefixOf(mime, bytes) : null;
}

/**
 * A validating read of an asset's manifest prefix with its hard binding checked by native SHA-2;
 * null when that does not confirm the file, which is then invalid or unusual and for c2pa-wasm to read whole.
 */
export async function readNatively(bytes: Uint8Array, segments: ManifestPrefix, context: string): Promise<StoreRead | null> {
  const reader = await openReader(segments.mime, segments.prefix, context).catch(() => null);
  if (!reader) return null;
  const prefixStore = reader.manifestStore() as RawManifestStore;
  // The store as the file carries it, when it holds the manifests c2pa-rs read: c2pa-wasm would
  // serialise it again (about 10 ms for a 1.5 MB edit history), in an order of its own.
  const own = segments.store && manifestCount(segments.store) === Object.keys(prefixStore.manifests ?? {}).length ? segments.store : null;
  const storeBytes = own ?? manifestStoreBytes(reader, prefixStore);
  const store = storeBytes && withWholeFileBinding(prefixStore, storeBytes, bytes);
  if (store) return { reader, store, storeBytes };
  reader.free();
  return null;
}
