// Where signed files, their .c2pa manifest stores and thumbnails live: files under
// DATA_DIR/assets, one folder per signed asset. An S3-compatible store can implement the same interface.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type AssetFile = 'signed' | 'manifest.c2pa' | 'thumbnail.jpg';

export interface AssetStore {
  put(assetId: string, file: AssetFile, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there are none. */
  get(assetId: string, file: AssetFile): Promise<Buffer | null>;
  remove(assetId: string): Promise<void>;
}

const SAFE_ID = /^[0-9a-f-]{36}$/;

export function createFileAssetStore(root: string): AssetStore {
  const folder = (assetId: string) => {
    // Asset IDs are UUIDs we made; anything else never becomes a path.
    if (!SAFE_ID.test(assetId)) throw new Error(`not an asset id: ${assetId}`);
    return path.join(root, assetId.slice(0, 2), assetId);
  };
  return {
    async put(assetId, file, bytes) {
      await mkdir(folder(assetId), { recursive: true });
      await writeFile(path.join(folder(assetId), file), bytes);
    },
    async get(assetId, file) {
      if (!SAFE_ID.test(assetId)) return null;
      try {
        return await readFile(path.join(folder(assetId), file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(assetId) {
      await rm(folder(assetId), { recursive: true, force: true });
    },
  };
}
