/**
 * The validating read of a BMFF file with its hard binding checked natively (bmff-hard-binding.ts):
 * c2pa-wasm reads the manifest prefix, node hashes the file from its ByteSource. Null when that
 * does not confirm the file, which the caller then has c2pa-wasm read whole.
 */
import { oncePerAssertion } from './hash-outcomes.ts';
import type { ByteSource } from '../byte-source.ts';
import { BMFF_MIME_TYPES, bmffManifestLayout, manifestPrefixBytes, withWholeFileBmffBinding, type BmffManifestLayout } from './bmff-hard-binding.ts';
import { bmffHashMatches, type BmffHashAssertion, type BmffHashOutcome } from './bmff-hash.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { manifestStoreBytes, openReader } from '../c2pa/open-reader.ts';
import type { StoreRead } from '../c2pa/store-read.ts';

/** Whether a file of this type may have its BMFF hash checked natively under these options. */
export function nativeBmff(mime: string, options: { nativeHardBinding?: boolean; remoteManifest?: unknown }): boolean {
  return BMFF_MIME_TYPES.has(mime) && options.nativeHardBinding !== false && !options.remoteManifest;
}

/**
 * The native read of one file, as often as the caller needs it (a read without trust checking, then
 * one with): the layout is found and the file hashed once, however many times it is read.
 */
export function bmffNativeRead(mime: string, source: ByteSource): (context: string) => Promise<StoreRead | null> {
  let layout: Promise<BmffManifestLayout | null> | undefined;
  let hashMatches: ((assertion: BmffHashAssertion) => Promise<BmffHashOutcome>) | undefined;
  return async (context) => {
    const found = await (layout ??= bmffManifestLayout(source).catch(() => null));
    if (!found) return null;
    hashMatches ??= oncePerAssertion((assertion: BmffHashAssertion) => bmffHashMatches(source, found.top, assertion));
    const prefix = await manifestPrefixBytes(source, found);
    const reader = await openReader(mime, prefix, context).catch(() => null);
    if (!reader) return null;
    try {
      const prefixStore = reader.manifestStore() as RawManifestStore;
      const storeBytes = manifestStoreBytes(reader, prefixStore);
      const store = storeBytes && (await withWholeFileBmffBinding(prefixStore, storeBytes, hashMatches));
      if (store) return { reader, store, storeBytes };
    } catch {
      // A source that fails to read, or anything unexpected: c2pa-wasm reads the file whole.
    }
    reader.free();
    return null;
  };
}

export function readBmffNatively(mime: string, source: ByteSource, context: string): Promise<StoreRead | null> {
  return bmffNativeRead(mime, source)(context);
}
