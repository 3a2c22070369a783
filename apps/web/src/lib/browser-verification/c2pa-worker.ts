// The browser's c2pa-rs: the very WebAssembly build the server's engine runs (@contentauth/c2pa-wasm),
// instantiated in this Web Worker so that reading a large file never blocks the page. c2pa-wasm reads
// a Blob with FileReaderSync, which only workers have. The page talks to it through c2pa-sdk.ts with
// the messages below; each reader stays here until the page frees it.
/// <reference lib="webworker" />
import initC2pa, { WasmReader } from '@contentauth/c2pa-wasm';
import type { C2paWorkerReply, C2paWorkerRequest } from './c2pa-worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

let ready: Promise<unknown> | null = null;
const readers = new Map<number, WasmReader>();
let nextHandle = 1;

/** c2pa-wasm throws plain strings such as `C2pa(JumbfNotFound)`; the page reads them as text. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function answer(request: C2paWorkerRequest): Promise<Extract<C2paWorkerReply, { ok: true }>['value']> {
  switch (request.kind) {
    case 'open': {
      ready ??= initC2pa({ module_or_path: request.wasmUrl });
      await ready;
      const reader = await WasmReader.fromBlob(request.format, request.file, request.settings);
      const handle = nextHandle++;
      readers.set(handle, reader);
      return { handle, json: reader.json(), crJson: reader.crJson() };
    }
    case 'resource': {
      const reader = readers.get(request.handle);
      if (!reader) throw new Error('This reader was already freed');
      return reader.resourceToBytes(request.uri);
    }
    case 'free': {
      readers.get(request.handle)?.free();
      readers.delete(request.handle);
      return null;
    }
  }
}

self.onmessage = (event: MessageEvent<C2paWorkerRequest>) => {
  const request = event.data;
  answer(request).then(
    (value) => self.postMessage({ id: request.id, ok: true, value } satisfies C2paWorkerReply),
    (error: unknown) => self.postMessage({ id: request.id, ok: false, error: messageOf(error) } satisfies C2paWorkerReply),
  );
};
