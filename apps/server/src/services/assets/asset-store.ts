// Where signed files, their .c2pa manifest stores and thumbnails live, one folder (or key prefix) per
// signed asset. One interface, two implementations: files under DATA_DIR/assets (file-asset-store.ts,
// the default) and S3-compatible object storage (s3-asset-store.ts); open-asset-store.ts picks one
// from the ASSET_STORE setting.
import type { Readable } from 'node:stream';
import type { AssetFile } from './asset-files.ts';

export type { AssetFile } from './asset-files.ts';
export { createFileAssetStore } from './file-asset-store.ts';

/** One asset's folder as the orphan sweep sees it. */
export interface StoredAssetFolder {
  assetId: string;
  /** The complete files in it; a file still being written (or cut short by a crash) is not one. */
  files: AssetFile[];
  /** The newest change to the folder or anything in it: how recently a signing may have touched it. */
  lastModified: Date;
}

/** Bytes `start` to `end` of a file, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What to read of a file once its size is known: all of it, a range, or nothing (the range lies beyond it). */
export type RangeChoice = ByteRange | 'whole' | 'unsatisfiable';

export interface AssetReadOptions {
  /** Chooses the bytes to read from the file's size (an HTTP Range header resolved against it). */
  range?: (size: number) => RangeChoice;
  /** Only the size and the range are wanted (a HEAD request): nothing is opened for reading. */
  withoutBody?: boolean;
}

/** A stored file opened for reading; the caller must consume or destroy `body`. */
export type AssetFileRead =
  | { kind: 'whole'; size: number; body: Readable | null }
  | { kind: 'partial'; size: number; range: ByteRange; body: Readable | null }
  | { kind: 'unsatisfiable'; size: number };

export interface AssetStore {
  /** Writes the whole file or, if interrupted (a stream that fails, a crash), leaves no file of that name. */
  put(assetId: string, file: AssetFile, content: Uint8Array | Readable): Promise<void>;
  /** The bytes, or null when there are none. For the engine, which works on whole files. */
  get(assetId: string, file: AssetFile): Promise<Buffer | null>;
  /** The file streamed, whole or a range of it, or null when there is none. For serving it to clients. */
  open(assetId: string, file: AssetFile, options?: AssetReadOptions): Promise<AssetFileRead | null>;
  remove(assetId: string): Promise<void>;
  /** Every asset folder in the store, for the orphan sweep. */
  list(): Promise<StoredAssetFolder[]>;
}
