// c2pa-rs in the browser: the server engine's own WebAssembly build (@contentauth/c2pa-wasm, shipped
// as one .wasm file beside the app), run in a Web Worker (c2pa-worker.ts) started the first time a
// file is verified here and kept for the page's life. The worker and its 9 MB module arrive only when
// someone uses it. Readers are configured with the engine's own reader settings, so the browser and
// the gateway read a file under the same rules and the same build.
import wasmUrl from '@contentauth/c2pa-wasm/c2pa.wasm?url';
import { readerSettings } from '@provenance/engine/report';
import type { C2paWorkerReply, C2paWorkerRequest, OpenedStore } from './c2pa-worker-protocol';
import type { ReaderAnchors } from './trust-anchors';

type Request = C2paWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The worker running c2pa-rs, asked one request at a time by id. */
export interface C2paWorker {
  /** Where the page serves the WebAssembly module (a hashed asset of the build). */
  wasmUrl: string;
  ask<T>(request: Request): Promise<T>;
}

/** One file's manifest store as c2pa-rs read it; its resources stay in the worker until freed. */
export interface BrowserReader {
  /** c2pa-rs's manifest store JSON (the JSON the engine parses on the server, key for key). */
  json(): unknown;
  /** c2pa-rs's crJSON of the same store. */
  crJson(): unknown;
  resourceToBytes(uri: string): Promise<Uint8Array>;
}

let worker: Promise<C2paWorker> | null = null;

function startWorker(wasmUrl: string): C2paWorker {
  const thread = new Worker(new URL('./c2pa-worker.ts', import.meta.url), { type: 'module', name: 'c2pa-rs' });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  thread.onmessage = (event: MessageEvent<C2paWorkerReply>) => {
    const reply = event.data;
    const pending = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) pending?.resolve(reply.value);
    else pending?.reject(new Error(reply.error));
  };
  thread.onerror = (event) => {
    // A worker that cannot start (blocked, out of memory) fails what it was asked; the next file starts another.
    for (const pending of waiting.values()) pending.reject(new Error(event.message || 'c2pa-rs could not start in this browser'));
    waiting.clear();
    worker = null;
    thread.terminate();
  };
  return {
    wasmUrl,
    ask<T>(request: Request) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        thread.postMessage({ ...request, id } as C2paWorkerRequest);
      });
    },
  };
}

export function loadC2pa(): Promise<C2paWorker> {
  worker ??= Promise.resolve(startWorker(wasmUrl));
  return worker;
}

/**
 * The asset's credentials as c2pa-rs reads them; the reader is freed after use. A file without a
 * manifest store throws c2pa-rs's own error, which the caller reads as the gateway does (unsigned).
 */
export async function withReader<T>(c2pa: C2paWorker, file: Blob, format: string, anchors: Partial<ReaderAnchors>, use: (reader: BrowserReader) => Promise<T>): Promise<T> {
  const opened = await c2pa.ask<OpenedStore>({ kind: 'open', wasmUrl: c2pa.wasmUrl, file, format, settings: readerSettings(anchors) });
  const reader: BrowserReader = {
    json: () => JSON.parse(opened.json) as unknown,
    crJson: () => JSON.parse(opened.crJson) as unknown,
    resourceToBytes: (uri) => c2pa.ask<Uint8Array>({ kind: 'resource', handle: opened.handle, uri }),
  };
  try {
    return await use(reader);
  } finally {
    await c2pa.ask({ kind: 'free', handle: opened.handle });
  }
}
