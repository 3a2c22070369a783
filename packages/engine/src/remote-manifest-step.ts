/**
 * The engine's one remote-manifest step, shared by the server and the CLI. A file may keep its
 * manifest at a URL its XMP names; the engine never fetches it (c2pa/network-guard.ts refuses any
 * request c2pa-wasm makes). The caller's `fetchManifest` runs in the calling process, through the
 * caller's safe fetcher, at most once per verification, and the engine reads the file again with
 * the bytes it returned.
 */
import { RemoteManifestError } from './errors.ts';

export interface RemoteManifest {
  url: string;
  bytes: Uint8Array;
}

export type FetchRemoteManifest = (url: string) => Promise<Uint8Array>;

export async function verifyWithRemoteManifest<T>(verifyOnce: (remoteManifest?: RemoteManifest) => Promise<T>, fetchManifest: FetchRemoteManifest): Promise<T> {
  try {
    return await verifyOnce();
  } catch (error) {
    if (!(error instanceof RemoteManifestError) || !error.url) throw error;
    const bytes = await fetchManifest(error.url);
    return verifyOnce({ url: error.url, bytes });
  }
}
