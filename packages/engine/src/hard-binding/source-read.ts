/**
 * Reading an asset's manifest store from a ByteSource, for files not held in memory (a large video
 * on disk). BMFF has its hard binding hashed natively as the bytes stream (bmff-read.ts); anything
 * else, and a BMFF file that check does not confirm, is read whole by c2pa-wasm through a Blob whose
 * slices are read from the source on demand, so the file is never held whole either.
 */
import { isMemorySource, type ByteSource } from '../byte-source.ts';
import { RemoteManifestError } from '../errors.ts';
import { bmffNativeRead, nativeBmff } from './bmff-read.ts';
import { dataHashSourceRead, nativeDataHashSource } from './data-hash-source-read.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { withRemoteManifest } from '../c2pa/network-guard.ts';
import { manifestStoreBytes, type FetchedRemoteManifest, type Reader } from '../c2pa/open-reader.ts';
import { classifyReadError } from '../c2pa/read-errors.ts';
import { readWhole, type StoreRead, type StoreReadOptions } from '../c2pa/store-read.ts';
import { nativeSegments, readNatively } from './data-hash-read.ts';
import { bytesSource } from '../byte-source.ts';
import { findRemoteManifestUrl } from '../c2pa/remote-manifest-url.ts';
import { loadC2pa, c2paErrorText } from '../c2pa/wasm.ts';

/** How much of a file is searched for the XMP naming a remote manifest, when c2pa-rs names none. */
const REMOTE_URL_SEARCH_BYTES = 16 * 1024 * 1024;

/**
 * A Blob-like view of a source for c2pa-wasm: `size`, `slice`, and the `bytes` our FileReaderSync
 * stand-in (wasm.ts) reads, fetched synchronously only when c2pa-rs reads that slice.
 */
export class SourceBlob {
  readonly size: number;
  constructor(
    private readonly source: ByteSource & { readSync(offset: number, length: number): Uint8Array },
    private readonly start = 0,
    end = source.size,
  ) {
    this.size = Math.max(0, end - start);
  }
  slice(start = 0, end = this.size): SourceBlob {
    const clamp = (value: number) => Math.min(this.size, Math.max(0, value < 0 ? this.size + value : value));
    return new SourceBlob(this.source, this.start + clamp(start), this.start + Math.max(clamp(start), clamp(end)));
  }
  get bytes(): Uint8Array {
    return this.source.readSync(this.start, this.size);
  }
}

/** c2pa-wasm's validating read of the whole file through a SourceBlob (null: no manifest). */
async function readSourceWhole(mime: string, source: ByteSource & { readSync(offset: number, length: number): Uint8Array }, context: string, remote?: FetchedRemoteManifest): Promise<StoreRead | null> {
  const { WasmReader } = loadC2pa();
  const blob = new SourceBlob(source) as unknown as Blob;
  let reader: Reader;
  try {
    reader = remote ? await withRemoteManifest(remote.url, remote.bytes, () => WasmReader.fromBlob(mime, blob, context)) : await WasmReader.fromBlob(mime, blob, context);
  } catch (error) {
    const classified = classifyReadError(mime, error);
    if (classified === 'no_manifest') return null;
    if (classified instanceof RemoteManifestError && !classified.url) {
      const head = await source.read(0, Math.min(source.size, REMOTE_URL_SEARCH_BYTES));
      throw new RemoteManifestError(findRemoteManifestUrl(head), c2paErrorText(error));
    }
    throw classified;
  }
  const store = reader.manifestStore() as RawManifestStore;
  return { reader, store, storeBytes: manifestStoreBytes(reader, store) };
}

/**
 * The two ways an asset's store can be read: c2pa-wasm reading it whole, and, where one applies, the
 * native read (c2pa-wasm reads the manifest prefix, the hard binding is hashed natively), which is
 * null when it does not confirm the file.
 */
export interface AssetReads {
  whole(context: string): Promise<StoreRead | null>;
  native?: (context: string) => Promise<StoreRead | null>;
}

/** The reads of an asset held in memory: the native one for data-hashed formats and BMFF. */
export function assetReads(mime: string, bytes: Uint8Array, options: StoreReadOptions): AssetReads {
  const segments = nativeSegments(mime, bytes, options);
  const native = segments
    ? (context: string) => readNatively(bytes, segments, context)
    : nativeBmff(mime, options)
      ? bmffNativeRead(mime, bytesSource(bytes))
      : undefined;
  return { whole: (context) => readWhole(mime, bytes, context, options), native };
}

/**
 * The reads of an asset from a source: in memory, those of readWithTrust; otherwise the native
 * BMFF or JPEG read (data-hash-source-read.ts) and c2pa-wasm reading the file through a Blob (a source without synchronous reads is
 * read into memory for that).
 */
export function sourceReads(mime: string, source: ByteSource, options: StoreReadOptions): AssetReads {
  if (isMemorySource(source)) return assetReads(mime, source.bytes, options);
  const { readSync } = source;
  const whole = readSync
    ? (context: string) => readSourceWhole(mime, { size: source.size, read: (offset, length) => source.read(offset, length), readSync: (offset, length) => readSync.call(source, offset, length) }, context, options.remoteManifest)
    : async (context: string) => assetReads(mime, await source.read(0, source.size), options).whole(context);
  const native = nativeBmff(mime, options) ? bmffNativeRead(mime, source) : nativeDataHashSource(mime, options) ? dataHashSourceRead(mime, source) : undefined;
  return { whole, ...(native && { native }) };
}
