// What the API serves of the assets the gateway signed: an account's list of them, a signed file, its
// thumbnail and its manifest store, read from the repository and the asset store together, with a
// not_found DomainError for anything missing from either.
import type { AssetStore } from './asset-store.ts';
import type { SignedAssetRow, SignedAssets, SignedAssetWithStats } from './signed-assets.ts';
import { DomainError } from '../domain-error.ts';

export interface SignedFile {
  row: SignedAssetRow;
  bytes: Uint8Array;
}

export interface SignedAssetFiles {
  /** The account's signed assets, newest first, with their verification counts and latest status. */
  listForAccount(userId: string, limit: number): Promise<SignedAssetWithStats[]>;
  signedFile(assetId: string): Promise<SignedFile>;
  /** The signed file of the asset signed with this manifest (reports show it beside the verdict). */
  signedFileOfManifest(manifestId: string): Promise<SignedFile>;
  thumbnail(assetId: string): Promise<Uint8Array>;
  /** The `.c2pa` manifest store of the asset signed with this manifest. */
  manifestStore(manifestId: string): Promise<Uint8Array>;
  /**
   * The manifest ID of the asset whose original or signed file has this SHA-256: how a file that
   * lost its Content Credentials (or never had them) is found again without being uploaded.
   */
  manifestIdByHash(sha256: string): Promise<string>;
}

export function createSignedAssetFiles(deps: { signedAssets: SignedAssets; store: AssetStore }): SignedAssetFiles {
  const { signedAssets, store } = deps;
  return {
    listForAccount: (userId, limit) => signedAssets.listForUser(userId, limit),
    async signedFile(assetId) {
      const row = await signedAssets.findById(assetId);
      const bytes = row ? await store.get(row.id, 'signed') : null;
      if (!row || !bytes) throw DomainError.notFound(`No signed asset ${assetId}`);
      return { row, bytes };
    },
    async signedFileOfManifest(manifestId) {
      const row = await signedAssets.findByManifestId(manifestId);
      const bytes = row ? await store.get(row.id, 'signed') : null;
      if (!row || !bytes) throw DomainError.notFound(`No signed asset with manifest ${manifestId}`);
      return { row, bytes };
    },
    async thumbnail(assetId) {
      const bytes = await store.get(assetId, 'thumbnail.jpg');
      if (!bytes) throw DomainError.notFound('This asset has no thumbnail');
      return bytes;
    },
    async manifestStore(manifestId) {
      const row = await signedAssets.findByManifestId(manifestId);
      const bytes = row ? await store.get(row.id, 'manifest.c2pa') : null;
      if (!row || !bytes) throw DomainError.notFound(`No manifest ${manifestId}`);
      return bytes;
    },
    async manifestIdByHash(sha256) {
      const row = await signedAssets.findByHash(sha256.toLowerCase());
      if (!row) throw DomainError.notFound('No asset signed by this gateway has this SHA-256');
      return row.manifestId;
    },
  };
}
