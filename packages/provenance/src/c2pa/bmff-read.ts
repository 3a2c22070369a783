/**
 * The validating read of a BMFF file with its hard binding checked natively (bmff-hard-binding.ts):
 * c2pa-wasm reads the manifest prefix, node hashes the file from its ByteSource. Null when that
 * does not confirm the file, which the caller then has c2pa-wasm read whole.
 */
import type { ByteSource } from '../byte-source.ts';
import { BMFF_MIME_TYPES, bmffManifestLayout, withWholeFileBmffBinding } from './bmff-hard-binding.ts';
import type { RawManifestStore } from './manifest-store.ts';
import { manifestStoreBytes, openReader } from './open-reader.ts';
import type { StoreRead } from './read-store.ts';

/** Whether a file of this type may have its BMFF hash checked natively under these options. */
export function nativeBmff(mime: string, options: { nativeHardBinding?: boolean; remoteManifest?: unknown }): boolean {
  return BMFF_MIME_TYPES.has(mime) && options.nativeHardBinding !== false && !options.remoteManifest;
}

export async function readBmffNatively(mime: string, source: ByteSource, context: string): Promise<StoreRead | null> {
  const layout = await bmffManifestLayout(source);
  if (!layout) return null;
  const prefix = await source.read(0, layout.prefixEnd);
  const reader = await openReader(mime, prefix, context).catch(() => null);
  if (!reader) return null;
  try {
    const prefixStore = reader.manifestStore() as RawManifestStore;
    const storeBytes = manifestStoreBytes(reader, prefixStore);
    const store = storeBytes && (await withWholeFileBmffBinding(prefixStore, storeBytes, source, layout));
    if (store) return { reader, store, storeBytes };
  } catch {
    // A source that fails to read, or anything unexpected: c2pa-wasm reads the file whole.
  }
  reader.free();
  return null;
}
