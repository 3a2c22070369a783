/**
 * The one place that loads @contentauth/c2pa-wasm (c2pa-rs compiled to WebAssembly).
 * The module is instantiated once per process (or worker thread); everything else in the engine
 * asks this module for the reader and builder classes.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { encodeSignerPayload, initSync, WasmBuilder, WasmReader } from '@contentauth/c2pa-wasm';
import { guardNetwork } from './network-guard.ts';

let loaded = false;
// c2pa-wasm's linear memory, once instantiated: it grows to hold the largest file read and never shrinks.
let memory: { readonly buffer: ArrayBufferLike } | undefined;
let compiled: Promise<WebAssembly.Module> | undefined;
// The engine's compiler options leave out the DOM library, whose declarations give WebAssembly its functions.
const webAssembly = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

function wasmPath(): string {
  return createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
}

/**
 * c2pa-wasm compiled once per process (about 9 MB of WebAssembly). The engine pool hands this
 * Module to every worker, which then only instantiates it instead of compiling it again.
 */
export function compileC2pa(): Promise<WebAssembly.Module> {
  compiled ??= readFile(wasmPath()).then((bytes) => webAssembly.compile(bytes));
  return compiled;
}

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
 * c2pa-wasm reads Blobs with the browser's synchronous FileReaderSync, which Node lacks. It is only
 * ever handed our own blobs (BytesBlob, and source-read.ts's SourceBlob), whose `bytes` are the answer.
 */
class NodeFileReaderSync {
  readAsArrayBuffer(blob: BytesBlob): ArrayBuffer {
    const { bytes } = blob;
    // A buffer that is exactly the slice (a ByteSource read for it) goes as it is: c2pa-wasm only
    // copies from it, and a large file's slices are read once instead of copied again.
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer as ArrayBuffer;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
}

/** Instantiates c2pa-wasm on first use: from `module` when given (compiled elsewhere), else from its file. */
export function loadC2pa(module?: WebAssembly.Module): { WasmReader: typeof WasmReader; WasmBuilder: typeof WasmBuilder; encodeSignerPayload: typeof encodeSignerPayload } {
  if (!loaded) {
    memory = initSync({ module: module ?? readFileSync(wasmPath()) }).memory;
    const scope = globalThis as { FileReaderSync?: unknown };
    scope.FileReaderSync ??= NodeFileReaderSync;
    // Before any reader exists: c2pa-wasm must never reach the network itself.
    guardNetwork();
    loaded = true;
  }
  return { WasmReader, WasmBuilder, encodeSignerPayload };
}

/**
 * The size of this thread's c2pa-wasm memory (0 before it is loaded). WebAssembly memory only ever
 * grows: after reading a large file whole it stays that large until the thread ends (the engine
 * pool replaces a worker past its bound for that reason).
 */
export function c2paMemoryBytes(): number {
  return memory?.buffer.byteLength ?? 0;
}

/** c2pa-wasm throws plain strings such as `C2pa(JumbfNotFound)`; normalise to text. */
export function c2paErrorText(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return String(error);
}
