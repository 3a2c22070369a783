/**
 * Random-access bytes of an asset: how the engine reads a file it does not hold in memory. The
 * engine never opens files itself; the caller (CLI, server, engine worker) implements this over
 * whatever holds the bytes (a file handle, a spooled upload) and the engine asks only for the
 * ranges it needs: box headers, the manifest store, and the hashed ranges as they stream.
 */
export interface ByteSource {
  /** The asset's length in bytes. */
  readonly size: number;
  /** `length` bytes from `offset`; the caller of `read` never asks past `size`. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /**
   * The same, synchronously: c2pa-wasm reads a Blob through FileReaderSync, so reading a file
   * that is not in memory with c2pa-wasm itself needs it. Sources without it are read whole.
   */
  readSync?(offset: number, length: number): Uint8Array;
  /**
   * The SHA-256 of the bytes outside [from, to), when whoever fills the source hashed exactly that
   * (an upload's receiving thread, idle while the engine validates: filling-source.ts), which it does
   * only for a file its format's own walk accepts (jpegSegmentsExcludedDigest,
   * pngChunkExcludedDigest); null when the caller is to hash the bytes itself, which then nobody
   * else starts.
   */
  excludedRangeDigest?(from: number, to: number): Promise<Uint8Array | null>;
}

/** Bytes already in memory as a source (ranges are views, never copies). */
export interface MemorySource extends ByteSource {
  readonly bytes: Uint8Array;
}

export function bytesSource(bytes: Uint8Array): MemorySource {
  const view = (offset: number, length: number) => bytes.subarray(offset, offset + length);
  return { bytes, size: bytes.byteLength, read: async (offset, length) => view(offset, length), readSync: view };
}

export const isMemorySource = (source: ByteSource): source is MemorySource => (source as Partial<MemorySource>).bytes instanceof Uint8Array;

/** The SHA-256 of a file's bytes outside [from, to). */
export interface ExcludedRangeDigest {
  from: number;
  to: number;
  digest: Uint8Array;
}
