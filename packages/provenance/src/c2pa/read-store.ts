/**
 * A validating read of an asset's manifest store, on one of two paths: for a data-hashed format
 * with its store near the start (manifest-prefix.ts), c2pa-wasm reads only the manifest prefix and
 * the hard binding is checked with native SHA-2 (data-hash-binding.ts); anything else, or a file
 * that check does not confirm, is read whole by c2pa-wasm.
 */
import { withWholeFileBinding, type ManifestPrefix } from './data-hash-binding.ts';
import { manifestCount } from './jumbf.ts';
import { manifestPrefixOf } from './manifest-prefix.ts';
import type { RawManifestStore } from './manifest-store.ts';
import { manifestStoreBytes, openReader, type FetchedRemoteManifest, type Reader } from './open-reader.ts';

export interface StoreReadOptions {
  /**
   * The asset's remote manifest, already fetched by the caller (through its safe fetcher) from the
   * URL a previous verify reported in a RemoteManifestError.
   */
  remoteManifest?: FetchedRemoteManifest;
  /**
   * Check a data hash hard binding with native SHA-2 (see data-hash-binding.ts; on by default);
   * off, c2pa-wasm hashes the whole file itself.
   */
  nativeHardBinding?: boolean;
}

/** An open reader with the store it read; the caller frees the reader. */
export interface StoreRead {
  reader: Reader;
  store: RawManifestStore;
  /** The manifest store's JUMBF bytes, null when c2pa-wasm cannot give them. */
  storeBytes: Uint8Array | null;
}

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

/** c2pa-wasm's validating read of the whole file (null: no manifest). */
export async function readWhole(mime: string, bytes: Uint8Array, context: string, options: StoreReadOptions): Promise<StoreRead | null> {
  const reader = await openReader(mime, bytes, context, options.remoteManifest);
  if (!reader) return null;
  const store = reader.manifestStore() as RawManifestStore;
  return { reader, store, storeBytes: manifestStoreBytes(reader, store) };
}

/** The native read when it confirms the file, otherwise the whole read (null: no manifest). */
export async function readStore(
  mime: string,
  bytes: Uint8Array,
  context: string,
  options: StoreReadOptions,
  segments: ManifestPrefix | null = nativeSegments(mime, bytes, options),
): Promise<StoreRead | null> {
  return (segments && (await readNatively(bytes, segments, context))) || readWhole(mime, bytes, context, options);
}
