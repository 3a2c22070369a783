// Opens the asset store the ASSET_STORE setting names: files under DATA_DIR/assets, or an S3
// bucket, checked before the server answers so that a wrong bucket, endpoint or key stops the start
// with a clear sentence instead of failing the first signing.
import path from 'node:path';
import type { AssetStoreSetting } from './asset-store-setting.ts';
import type { AssetStore } from './asset-store.ts';
import { createFileAssetStore } from './file-asset-store.ts';

export interface OpenedAssetStore {
  store: AssetStore;
  /** Where it is, for the start log (never credentials). */
  description: string;
  close(): void;
}

export async function openAssetStore(
  setting: AssetStoreSetting,
  options: { dataDir: string; credentials?: { accessKeyId: string; secretAccessKey: string }; partSizeBytes?: number },
): Promise<OpenedAssetStore> {
  if (setting.kind === 'files') {
    const root = path.join(options.dataDir, 'assets');
    return { store: createFileAssetStore(root), description: root, close: () => undefined };
  }
  // Loaded only here: the AWS SDK costs a server on local files about 20 MB it would never use.
  const { createS3AssetStore } = await import('./s3-asset-store.ts');
  const store = createS3AssetStore({ ...setting, credentials: options.credentials, partSizeBytes: options.partSizeBytes });
  try {
    await store.check();
  } catch (error) {
    store.close();
    throw error;
  }
  return { store, description: `s3://${setting.bucket}/${setting.prefix}${setting.endpoint ? ` at ${setting.endpoint}` : ''}`, close: () => store.close() };
}
