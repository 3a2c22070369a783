/**
 * The engine never touches the network. c2pa-wasm can reach it only through the global `fetch`
 * (wasm-bindgen's glue calls it for remote manifests, and c2pa-rs would for OCSP and timestamps),
 * which would bypass every rule of the caller's safe fetcher: no address checks, redirects to
 * loopback, no time limit, inflated gzip. This guard answers a fetch made by c2pa-wasm only with
 * bytes the caller already fetched for that URL, and refuses every other one.
 *
 * In an engine worker thread every fetch is refused or served, whoever makes it ('realm'). On a
 * thread shared with other code (the CLI, the engine's own tests) only the
 * fetches whose caller is c2pa-wasm's glue are held to that; the rest pass unchanged.
 */
const served = new Map<string, Uint8Array>();
let guarded: 'c2pa-callers' | 'realm' | null = null;
let passThrough: typeof fetch | undefined;

/** A module path that only c2pa-wasm's JavaScript glue has. */
const C2PA_GLUE = /[\\/]c2pa-wasm[\\/]pkg[\\/]/;

/** The key a URL is served under: WHATWG's canonical form (c2pa-rs's url crate agrees), without the fragment, which is never sent. */
function servedKey(raw: string): string | null {
  try {
    const url = new URL(raw);
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

function calledByC2pa(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 12;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return C2PA_GLUE.test(stack);
}

/** Thrown (as fetch's rejection) for a request the engine refused to make. */
export class EngineNetworkRefusal extends TypeError {
  constructor(readonly url: string) {
    super(`The provenance engine makes no network requests (refused ${url})`);
    this.name = 'EngineNetworkRefusal';
  }
}

async function guardedFetch(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  if (guarded !== 'realm' && !calledByC2pa()) return passThrough!(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const key = servedKey(url);
  const bytes = key === null ? undefined : served.get(key);
  if (!bytes) throw new EngineNetworkRefusal(url);
  const response = new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'application/c2pa' } });
  // c2pa-rs's HTTP resolver parses the response URL, which a constructed Response leaves empty.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/**
 * Installs the guard (idempotent). `scope` 'realm' refuses every fetch of this thread that is not
 * served, for threads that run nothing but the engine; it can only be widened, never narrowed.
 */
export function guardNetwork(scope: 'c2pa-callers' | 'realm' = 'c2pa-callers'): void {
  if (guarded === null) {
    passThrough = globalThis.fetch?.bind(globalThis);
    globalThis.fetch = guardedFetch as typeof fetch;
  }
  if (guarded !== 'realm') guarded = scope;
}

/** Run `read` while c2pa-wasm's request for `url` is answered with `bytes` the caller fetched. */
export async function withRemoteManifest<T>(url: string, bytes: Uint8Array, read: () => Promise<T>): Promise<T> {
  guardNetwork();
  const key = servedKey(url);
  if (key === null) return read();
  served.set(key, bytes);
  try {
    return await read();
  } finally {
    served.delete(key);
  }
}
