/**
 * Serves remote manifests to c2pa-wasm from memory. c2pa-wasm fetches a remote manifest with the
 * global `fetch`; while a read that the caller vouched for is running, this answers that exact URL
 * with the bytes the caller already fetched safely, and passes every other request on unchanged.
 */
const served = new Map<string, Uint8Array>();
let installed = false;

function install(): void {
  if (installed) return;
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const bytes = served.get(url);
    if (bytes) {
      const response = new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'application/c2pa' } });
      // c2pa-rs's HTTP resolver parses the response URL, which a constructed Response leaves empty.
      Object.defineProperty(response, 'url', { value: url });
      return response;
    }
    return original(input, init);
  }) as typeof fetch;
  installed = true;
}

/** Run `read` while `url` is answered with `bytes`. */
export async function withRemoteManifest<T>(url: string, bytes: Uint8Array, read: () => Promise<T>): Promise<T> {
  install();
  served.set(url, bytes);
  try {
    return await read();
  } finally {
    served.delete(url);
  }
}
