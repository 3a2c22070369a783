// Where signed files, their .c2pa manifest stores and thumbnails live: files under
// DATA_DIR/assets, one folder per signed asset. An S3-compatible store can implement the same interface.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type AssetFile = 'signed' | 'manifest.c2pa' | 'thumbnail.jpg';

const ASSET_FILES: readonly AssetFile[] = ['signed', 'manifest.c2pa', 'thumbnail.jpg'];

/** One asset's folder as the orphan sweep sees it. */
export interface StoredAssetFolder {
  assetId: string;
  /** The complete files in it; a file still being written (or cut short by a crash) is not one. */
  files: AssetFile[];
  /** The newest change to the folder or anything in it: how recently a signing may have touched it. */
  lastModified: Date;
}

export interface AssetStore {
  /** Writes the whole file or, if interrupted, leaves no file of that name. */
  put(assetId: string, file: AssetFile, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there are none. */
  get(assetId: string, file: AssetFile): Promise<Buffer | null>;
  remove(assetId: string): Promise<void>;
  /** Every asset folder in the store, for the orphan sweep. */
  list(): Promise<StoredAssetFolder[]>;
}

const SAFE_ID = /^[0-9a-f-]{36}$/;
const SHARD = /^[0-9a-f]{2}$/;

/** Names that are not ours yet: a file being written is renamed into place only once complete. */
const TEMP_SUFFIX = '.partial';

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function createFileAssetStore(root: string): AssetStore {
  const folder = (assetId: string) => {
    // Asset IDs are UUIDs we made; anything else never becomes a path.
    if (!SAFE_ID.test(assetId)) throw new Error(`not an asset id: ${assetId}`);
    return path.join(root, assetId.slice(0, 2), assetId);
  };

  /** Folder details, or null when the folder went away while we looked (removed meanwhile). */
  async function describe(assetId: string): Promise<StoredAssetFolder | null> {
    const dir = folder(assetId);
    try {
      let newest = (await stat(dir)).mtimeMs;
      const files: AssetFile[] = [];
      for (const name of await readdir(dir)) {
        // A file renamed into place keeps its own mtime, and a temp file grows without touching
        // the folder's: the newest of all of them says when a signing last worked here.
        newest = Math.max(newest, (await stat(path.join(dir, name))).mtimeMs);
        if ((ASSET_FILES as readonly string[]).includes(name)) files.push(name as AssetFile);
      }
      return { assetId, files, lastModified: new Date(newest) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    async put(assetId, file, bytes) {
      const dir = folder(assetId);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, path.join(dir, file));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
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
    async list() {
      const folders: StoredAssetFolder[] = [];
      for (const shard of await entriesOf(root)) {
        if (!SHARD.test(shard)) continue;
        for (const assetId of await entriesOf(path.join(root, shard))) {
          // Only folders this store could have made; anything else under the root is left alone.
          if (!SAFE_ID.test(assetId) || assetId.slice(0, 2) !== shard) continue;
          const described = await describe(assetId);
          if (described) folders.push(described);
        }
      }
      return folders;
    },
  };
}
