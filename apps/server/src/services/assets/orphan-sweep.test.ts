import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount } from '../../testing/test-server.ts';
import { createFileAssetStore, type AssetStore } from './asset-store.ts';
import { createOrphanSweep } from './orphan-sweep.ts';
import { createSignedAssets, type SignedAssets } from './signed-assets.ts';

const GRACE_MS = 60 * 60 * 1000;
/** A clock this far ahead sees every folder written by the test as past the grace period. */
const later = () => new Date(Date.now() + GRACE_MS + 60_000);

describe.each(testDatabaseKinds())('orphan sweep on %s', (kind) => {
  let database: DbHandle;
  let storeDir: string;
  let store: AssetStore;
  let assets: SignedAssets;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = (await signUpAccount(await createTestServer(database))).session.user.id;
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orphan-sweep-'));
    store = createFileAssetStore(storeDir);
    // The sweep lists IDs only; no verification counts are asked for.
    assets = createSignedAssets(database.db, { statsForAssets: async () => new Map() });
    // One complete asset, so no test here sees an empty database (which the sweep refuses to act on).
    await rowOf(await filesOf());
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(storeDir, { recursive: true, force: true });
  });

  /** The files of a signing, as written before its row. */
  async function filesOf(id = crypto.randomUUID()): Promise<string> {
    await store.put(id, 'signed', new Uint8Array([1, 2, 3]));
    await store.put(id, 'manifest.c2pa', new Uint8Array([4, 5]));
    return id;
  }
  async function rowOf(id: string): Promise<void> {
    await assets.insert({
      id, userId, manifestId: `urn:c2pa:${id}`, mime: 'image/jpeg', originalBytes: 3, signedBytes: 3,
      assetHash: 'a'.repeat(64), signedAssetHash: 'b'.repeat(64), source: 'upload', signedAt: new Date(),
    });
  }
  const sweepAt = (clock: () => Date, signedAssets: Pick<SignedAssets, 'listIds' | 'findById'> = assets) => createOrphanSweep({ store, signedAssets, graceMs: GRACE_MS, clock }).sweep();

  it('keeps a folder without a row within the grace period and removes it after', async () => {
    const signed = await filesOf();
    await rowOf(signed);
    const orphan = await filesOf();

    const now = await sweepAt(() => new Date());
    expect(now.removedFolders).toEqual([]);
    expect(now.foldersInGrace).toBe(1);
    expect(await store.get(orphan, 'signed')).not.toBeNull();

    const after = await sweepAt(later);
    expect(after.removedFolders).toEqual([orphan]);
    expect(await store.get(orphan, 'signed')).toBeNull();
    expect(await fs.readdir(path.join(storeDir, orphan.slice(0, 2)))).not.toContain(orphan);
    // The asset with a row is kept, however old.
    expect(await store.get(signed, 'signed')).toEqual(Buffer.from([1, 2, 3]));
  });

  it('removes a folder holding only a file cut short mid-write', async () => {
    const id = crypto.randomUUID();
    const folder = path.join(storeDir, id.slice(0, 2), id);
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'signed.0a1b2c3d4e5f.partial'), new Uint8Array(10));
    expect((await store.list()).find((listed) => listed.assetId === id)?.files).toEqual([]);

    expect((await sweepAt(later)).removedFolders).toContain(id);
    await expect(fs.stat(folder)).rejects.toThrow(/ENOENT/);
  });

  it('keeps a folder whose row arrives while the sweep runs', async () => {
    const id = await filesOf();
    // The row is inserted just after the sweep read the IDs, as a signing finishing at that moment.
    const racing: Pick<SignedAssets, 'listIds' | 'findById'> = {
      listIds: async () => {
        const ids = await assets.listIds();
        await rowOf(id);
        return ids;
      },
      findById: (assetId) => assets.findById(assetId),
    };
    expect((await sweepAt(later, racing)).removedFolders).not.toContain(id);
    expect(await store.get(id, 'signed')).not.toBeNull();
  });

  it('reports rows whose files are missing and keeps the rows', async () => {
    const goneFolder = await filesOf();
    await rowOf(goneFolder);
    await store.remove(goneFolder);
    const noManifest = crypto.randomUUID();
    await store.put(noManifest, 'signed', new Uint8Array([1]));
    await rowOf(noManifest);

    const result = await sweepAt(later);
    expect(result.rowsWithoutFiles).toEqual(expect.arrayContaining([goneFolder, noManifest]));
    expect(result.removedFolders).not.toContain(noManifest);
    expect(await assets.findById(goneFolder)).not.toBeNull();
    expect(await assets.findById(noManifest)).not.toBeNull();
  });

  it('removes nothing when the database has no signed assets at all', async () => {
    const id = await filesOf();
    const empty: Pick<SignedAssets, 'listIds' | 'findById'> = { listIds: async () => new Set(), findById: async () => null };
    const result = await sweepAt(later, empty);
    expect(result).toMatchObject({ removedFolders: [], refused: 'no_rows' });
    expect(await store.get(id, 'signed')).not.toBeNull();
  });
});
