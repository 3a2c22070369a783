// Temporary files for large upload bodies (under DATA_DIR/tmp/uploads), so a 100 MB upload waits on
// disk rather than in memory until it is verified or signed. Each file is removed when its request
// is done, also on errors and aborts; files left by a crash are cleared when the server starts.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface SpoolFile {
  readonly path: string;
  /** Appends bytes; resolves once the file took them, so a fast client waits for the disk. */
  write(bytes: Uint8Array): Promise<void>;
  /** Closes the file for writing. */
  finish(): Promise<void>;
  /** The whole file, read back into memory. */
  read(): Promise<Uint8Array>;
  /** Its first `length` bytes (fewer when it is shorter): enough to tell its format. */
  readHead(length: number): Promise<Uint8Array>;
  /** Deletes the file; safe to call more than once. */
  remove(): Promise<void>;
}

export interface UploadSpool {
  readonly dir: string;
  create(): Promise<SpoolFile>;
  /** Deletes every file in the folder: those a previous run left behind. Call before serving. */
  clearStale(): Promise<void>;
}

export function createUploadSpool(dir: string): UploadSpool {
  return {
    dir,
    async create() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const filePath = path.join(dir, `${randomUUID()}.upload`);
      let handle: FileHandle | null = await open(filePath, 'wx', 0o600);
      let removed = false;
      const close = async () => {
        const open = handle;
        handle = null;
        await open?.close();
      };
      return {
        path: filePath,
        async write(bytes) {
          if (!handle) throw new Error('spool file is closed');
          let offset = 0;
          while (offset < bytes.byteLength) {
            const { bytesWritten } = await handle.write(bytes, offset, bytes.byteLength - offset);
            offset += bytesWritten;
          }
        },
        finish: close,
        read: () => readFile(filePath),
        async readHead(length) {
          const reading = await open(filePath, 'r');
          try {
            const buffer = Buffer.alloc(length);
            const { bytesRead } = await reading.read(buffer, 0, length, 0);
            return buffer.subarray(0, bytesRead);
          } finally {
            await reading.close();
          }
        },
        async remove() {
          if (removed) return;
          removed = true;
          await close().catch(() => undefined);
          await rm(filePath, { force: true });
        },
      };
    },
    async clearStale() {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true, mode: 0o700 });
    },
  };
}
