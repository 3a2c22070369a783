/**
 * The one place that loads @contentauth/c2pa-wasm (c2pa-rs compiled to WebAssembly).
 * The module is instantiated once per process (or worker thread); everything else in the engine
 * asks this module for the reader and builder classes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, WasmBuilder, WasmReader } from '@contentauth/c2pa-wasm';
import { guardNetwork } from './network-guard.ts';

let loaded = false;

/** A Blob-like view of bytes: the builder reads its source through `size`, `slice` and FileReaderSync. */
export class BytesBlob {
  readonly size: number;
  constructor(readonly bytes: Uint8Array) {
    this.size = bytes.byteLength;
  }
  slice(start = 0, end = this.size): BytesBlob {
    return new BytesBlob(this.bytes.subarray(start, end));
  }
}

/**
 * c2pa-wasm's builder reads Blobs with the browser's synchronous FileReaderSync, which Node lacks.
 * The builder only ever hands it our own BytesBlob, so a copy of those bytes is the whole answer.
 */
class NodeFileReaderSync {
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    const { bytes } = blob;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

export function loadC2pa(): { WasmReader: typeof WasmReader; WasmBuilder: typeof WasmBuilder } {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('@contentauth/c2pa-wasm/c2pa.wasm');
    initSync({ module: readFileSync(wasmPath) });
    const scope = globalThis as { FileReaderSync?: unknown };
    scope.FileReaderSync ??= NodeFileReaderSync;
    // Before any reader exists: c2pa-wasm must never reach the network itself.
    guardNetwork();
    loaded = true;
  }
  return { WasmReader, WasmBuilder };
}

/** c2pa-wasm throws plain strings such as `C2pa(JumbfNotFound)`; normalise to text. */
export function c2paErrorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return String(error);
}
