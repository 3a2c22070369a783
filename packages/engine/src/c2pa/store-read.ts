/**
 * A validating read of an asset's manifest store by c2pa-wasm, the asset read whole: what every other
 * read (the native hard-binding reads in hard-binding/) falls back on, and the shape they all answer.
 */
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

/** c2pa-wasm's validating read of the whole file (null: no manifest). */
export async function readWhole(mime: string, bytes: Uint8Array, context: string, options: StoreReadOptions): Promise<StoreRead | null> {
  const reader = await openReader(mime, bytes, context, options.remoteManifest);
  if (!reader) return null;
  const store = reader.manifestStore() as RawManifestStore;
  return { reader, store, storeBytes: manifestStoreBytes(reader, store) };
}
