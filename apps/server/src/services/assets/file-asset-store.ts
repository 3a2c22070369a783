// The asset store on the local disk, the default: one folder per signed asset under DATA_DIR/assets,
// sharded by the ID's first two characters. A file is written under a temporary name and renamed
// into place once complete, so a reader sees it whole or not at all.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAssetFile, isAssetId, type AssetFile } from './asset-files.ts';
import type { AssetFileRead, AssetStore, StoredAssetFolder } from './asset-store.ts';
import { planRead, readOf } from './plan-read.ts';

const SHARD = /^[0-9a-f]{2}$/;

/** Names that are not ours yet: a file being written is renamed into place only once complete. */
const TEMP_SUFFIX = '.partial';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

export function createFileAssetStore(root: string): AssetStore {
  const folder = (assetId: string) => {
    // Asset IDs are UUIDs we made; anything else never becomes a path.
    if (!isAssetId(assetId)) throw new Error(`not an asset id: ${assetId}`);
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
        if (isAssetFile(name)) files.push(name);
      }
      return { assetId, files, lastModified: new Date(newest) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(assetId, file, content) {
      const dir = folder(assetId);
      await mkdir(dir, { recursive: true });
      const temp = path.join(dir, `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      try {
        if (content instanceof Readable) await pipeline(content, createWriteStream(temp));
        else await writeFile(temp, content);
        await rename(temp, path.join(dir, file));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(assetId, file) {
      if (!isAssetId(assetId)) return null;
      try {
        return await readFile(path.join(folder(assetId), file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(assetId, file, options): Promise<AssetFileRead | null> {
      if (!isAssetId(assetId)) return null;
      // One open file for the size and the bytes: a file replaced or removed in between cannot mix.
      let handle;
      try {
        handle = await open(path.join(folder(assetId), file), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        const plan = planRead(size, options);
        // The stream owns the handle from here and closes it when read to the end or destroyed.
        const body = plan.kind === 'unsatisfiable' || options?.withoutBody ? null : handle.createReadStream(plan.kind === 'partial' ? plan.range : {});
        if (!body) await handle.close();
        return readOf(size, plan, body);
      } catch (error) {
        await handle.close();
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
          if (!isAssetId(assetId) || assetId.slice(0, 2) !== shard) continue;
          const described = await describe(assetId);
          if (described) folders.push(described);
        }
      }
      return folders;
    },
  };
}
