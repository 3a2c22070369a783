/**
 * A ByteSource over a file on disk, for the engine's callers (the CLI, the engine pool's workers,
 * the server's spooled uploads): the engine itself never opens files. Reads go through one file
 * descriptor, asynchronously for the native hash and synchronously for c2pa-wasm's Blob reads.
 */
import { closeSync, fstatSync, openSync, read, readSync } from 'node:fs';
import type { ByteSource } from '../byte-source.ts';

export interface FileSource extends ByteSource {
  readonly path: string;
  close(): void;
}

function readInto(fd: number, offset: number, length: number, path: string): Promise<Uint8Array> {
  const buffer = Buffer.allocUnsafe(length);
  return new Promise((resolve, reject) => {
    const step = (filled: number) => {
      if (filled === length) return resolve(buffer);
      read(fd, buffer, filled, length - filled, offset + filled, (error, count) => {
        if (error) return reject(error);
        if (count === 0) return reject(new Error(`${path} ended early (it changed while being read)`));
        step(filled + count);
      });
    };
    step(0);
  });
}

/** Opens `path` read-only; the caller closes it when the engine is done with it. */
export function openFileSource(path: string): FileSource {
  const fd = openSync(path, 'r');
  let size: number;
  try {
    size = fstatSync(fd).size;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let open = true;
  return {
    path,
    size,
    read: (offset, length) => readInto(fd, offset, length, path),
    readSync(offset, length) {
      const buffer = Buffer.allocUnsafe(length);
      let filled = 0;
      while (filled < length) {
        const count = readSync(fd, buffer, filled, length - filled, offset + filled);
        if (count === 0) throw new Error(`${path} ended early (it changed while being read)`);
        filled += count;
      }
      return buffer;
    },
    close() {
      if (open) closeSync(fd);
      open = false;
    },
  };
}

/** Runs `task` with the file open as a source, closing it afterwards. */
export async function withFileSource<T>(path: string, task: (source: FileSource) => Promise<T>): Promise<T> {
  const source = openFileSource(path);
  try {
    return await task(source);
  } finally {
    source.close();
  }
}
