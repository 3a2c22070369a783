/**
 * Opening a c2pa-wasm reader over an asset: c2pa-rs's errors become the engine's typed errors, a
 * remote manifest the caller fetched is served to c2pa-wasm from memory, and the store's JUMBF
 * bytes are taken from the open reader.
 */
import { RemoteManifestError } from '../errors.ts';
import type { RawManifestStore } from './manifest-store.ts';
import { withRemoteManifest } from './network-guard.ts';
import { classifyReadError } from './read-errors.ts';
import { findRemoteManifestUrl } from './remote-manifest-url.ts';
import { c2paErrorText, loadC2pa } from './wasm.ts';

export type Reader = Awaited<ReturnType<ReturnType<typeof loadC2pa>['WasmReader']['fromBytes']>>;

/** An asset's remote manifest, already fetched by the caller through its safe fetcher. */
export interface FetchedRemoteManifest {
  url: string;
  bytes: Uint8Array;
}

/** Open a reader, turning c2pa-rs errors into the engine's (null: the asset carries no manifest). */
export async function openReader(mime: string, bytes: Uint8Array, context: string, remote?: FetchedRemoteManifest): Promise<Reader | null> {
  const { WasmReader } = loadC2pa();
  try {
    return remote
      ? await withRemoteManifest(remote.url, remote.bytes, () => WasmReader.fromBytes(mime, bytes, context))
      : await WasmReader.fromBytes(mime, bytes, context);
  } catch (error) {
    const classified = classifyReadError(mime, error);
    if (classified === 'no_manifest') return null;
    if (classified instanceof RemoteManifestError && !classified.url) throw new RemoteManifestError(findRemoteManifestUrl(bytes), c2paErrorText(error));
    throw classified;
  }
}

/** The whole manifest store's bytes (c2pa-wasm answers a box URI of the active manifest with them). */
export function manifestStoreBytes(reader: Reader, store: RawManifestStore): Uint8Array | null {
  if (!store.active_manifest) return null;
  try {
    return reader.resourceToBytes(`self#jumbf=/c2pa/${store.active_manifest}/c2pa.signature`);
  } catch {
    return null;
  }
}
