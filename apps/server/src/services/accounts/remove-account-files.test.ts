import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { signedAssets } from '../../db/schema/index.ts';
import { createFileAssetStore, type AssetStore } from '../assets/asset-store.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import { removeAccountFiles } from './remove-account-files.ts';

describe.each(testDatabaseKinds())('deleting an account removes its asset files on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let storeDir: string;
  let store: AssetStore;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await createTestServer(database);
    storeDir = await fs.mkdtemp(path.join(os.tmpdir(), 'asset-store-'));
    store = createFileAssetStore(storeDir);
    server.services.accountDeletion.onDeleting(removeAccountFiles(database.db, store));
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(storeDir, { recursive: true, force: true });
  });

  async function signedAssetOf(userId: string): Promise<string> {
    const id = crypto.randomUUID();
    await database.db.insert(signedAssets).values({
      id, userId, manifestId: `urn:c2pa:${id}`, mime: 'image/jpeg', originalBytes: 3, signedBytes: 4,
      assetHash: 'a'.repeat(64), signedAssetHash: 'b'.repeat(64), source: 'upload', signedAt: new Date(),
    });
    await store.put(id, 'signed', new Uint8Array([1, 2, 3, 4]));
    return id;
  }

  it('removes the deleted account’s files and keeps everyone else’s', async () => {
    const leaving = await signUpAccount(server);
    const staying = await signUpAccount(server);
    const leavingAsset = await signedAssetOf(leaving.session.user.id);
    const stayingAsset = await signedAssetOf(staying.session.user.id);

    const response = await server.request('DELETE', 'account', { token: leaving.session.access_token, body: { confirm: true, currentPassword: leaving.password } });
    expect(response.status).toBe(204);
    expect(await store.get(leavingAsset, 'signed')).toBeNull();
    expect(await database.db.select().from(signedAssets).then((rows) => rows.map((row) => row.id))).not.toContain(leavingAsset);
    expect(await store.get(stayingAsset, 'signed')).toEqual(Buffer.from([1, 2, 3, 4]));
  });
});
