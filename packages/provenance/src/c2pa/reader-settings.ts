/**
 * The c2pa-rs settings every reader and builder of the engine runs with. Remote manifest fetching
 * is always off: c2pa-wasm would otherwise fetch whatever URL an asset's XMP names with the global
 * fetch, past every rule of the caller's safe fetcher. A remote manifest is served to it only from
 * bytes the caller fetched itself, and every other request is refused (see network-guard.ts).
 */
export interface ReaderSettingsOptions {
  anchorsPem?: string;
  remoteManifestFetch?: boolean;
  thumbnails?: boolean;
}

export function readerSettings(options: ReaderSettingsOptions = {}): string {
  return JSON.stringify({
    verify: { verify_trust: Boolean(options.anchorsPem), remote_manifest_fetch: options.remoteManifestFetch ?? false },
    ...(options.anchorsPem && { trust: { trust_anchors: options.anchorsPem } }),
    ...(options.thumbnails !== undefined && { builder: { thumbnail: { enabled: options.thumbnails } } }),
  });
}
