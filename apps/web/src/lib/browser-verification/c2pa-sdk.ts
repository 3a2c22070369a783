// c2pa-web (c2pa-rs compiled to WebAssembly, run in a Web Worker), loaded the first time a file is
// verified in the browser and kept for the page's life. The dynamic imports keep it out of every
// other screen's download: the library and its 8 MB .wasm arrive only when someone uses it.
import type { C2paSdk, Reader, Settings } from '@contentauth/c2pa-web';

let sdk: Promise<C2paSdk> | null = null;

export function loadC2pa(): Promise<C2paSdk> {
  if (!sdk) {
    sdk = Promise.all([import('@contentauth/c2pa-web'), import('@contentauth/c2pa-web/resources/c2pa.wasm?url')]).then(([{ createC2pa }, { default: wasmSrc }]) =>
      createC2pa({ wasmSrc }),
    );
    // A failed load (offline, blocked) is tried again next time rather than remembered.
    sdk.catch(() => {
      sdk = null;
    });
  }
  return sdk;
}

/**
 * c2pa-rs settings for one read: trust checked against these anchors (PEM), and never a request of
 * its own. A remote manifest is the gateway's to fetch through its safe fetcher, and revocation
 * (OCSP) is asked by the gateway too; c2pa-web turns the camelCase keys into c2pa-rs's own.
 */
export function readSettings(anchorsPem: string): Settings {
  const verify: Settings['verify'] & { remoteManifestFetch: boolean; ocspFetch: boolean } = {
    verifyTrust: anchorsPem.length > 0,
    remoteManifestFetch: false,
    ocspFetch: false,
  };
  return anchorsPem ? { verify, trust: { trustAnchors: anchorsPem } } : { verify };
}

/** The asset's credentials as c2pa-rs reads them, or null when it has none; the reader is freed after use. */
export async function withReader<T>(c2pa: C2paSdk, file: Blob, format: string, anchorsPem: string, use: (reader: Reader) => Promise<T>): Promise<T | null> {
  const reader = await c2pa.reader.fromBlob(format, file, readSettings(anchorsPem));
  if (!reader) return null;
  try {
    return await use(reader);
  } finally {
    await reader.free();
  }
}
