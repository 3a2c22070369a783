/**
 * Where an asset's bytes are, for verify() and sign(): in memory, in a file on disk (read as the
 * engine asks, so a video is never held whole), still arriving into shared memory (an upload:
 * filling-source.ts), or any ByteSource a caller implements. The source chooses how the bytes are
 * read; the operation on them is the same.
 */
import { bytesSource, type ByteSource } from './byte-source.ts';
import { fillingSource, type SharedFilling } from './filling-source.ts';
import { openFileSource } from './io/file-source.ts';

/** A file on disk: opened read-only for the operation and closed after it. */
export interface FileOnDisk {
  readonly path: string;
}

/** A file still arriving into shared memory (an upload of known length), read as its bytes come. */
export interface ArrivingFile {
  readonly filling: SharedFilling;
}

/** The sources that cross to an engine worker (a ByteSource's functions cannot). */
export type TaskSource = Uint8Array | FileOnDisk | ArrivingFile;

export type AssetSource = TaskSource | ByteSource;

const isByteSource = (source: AssetSource): source is ByteSource => !(source instanceof Uint8Array) && typeof (source as Partial<ByteSource>).read === 'function';

/** A file on disk named by its path (not an open ByteSource over one). */
export const isFileOnDisk = (source: AssetSource): source is FileOnDisk => !(source instanceof Uint8Array) && !isByteSource(source) && 'path' in source;

/** Runs `task` over the source's bytes as a ByteSource; a file opened for it is closed afterwards. */
export async function withByteSource<T>(source: AssetSource, task: (bytes: ByteSource) => Promise<T>): Promise<T> {
  if (source instanceof Uint8Array) return task(bytesSource(source));
  if (isByteSource(source)) return task(source);
  if ('filling' in source) return task(fillingSource(source.filling));
  const file = openFileSource(source.path);
  try {
    return await task(file);
  } finally {
    file.close();
  }
}
