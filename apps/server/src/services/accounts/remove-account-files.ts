// Account deletion hook for data outside the database: the signed files, manifests and thumbnails
// of the account's signed assets in the asset store. Runs before the rows cascade away.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets } from '../../db/schema/index.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { AccountDeletionHook } from './account-deletion.ts';

export function removeAccountFiles(db: Db, store: Pick<AssetStore, 'remove'>): AccountDeletionHook {
  return async (userIds) => {
    const assets = await db.select({ id: signedAssets.id }).from(signedAssets).where(inArray(signedAssets.userId, [...userIds]));
    for (const asset of assets) await store.remove(asset.id);
  };
}
