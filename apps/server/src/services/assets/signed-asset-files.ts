// What the API serves of the assets the gateway signed: a signed file, its
// thumbnail and its manifest store, read from the database and the asset store together (files
// streamed, whole or a range), with a not_found DomainError for anything missing from either.
import type { AssetFileRead, AssetReadOptions, AssetStore } from './asset-store.ts';
import type { SignedAssetRow, SignedAssets } from './signed-assets.ts';
import { DomainError } from '../domain-error.ts';

export interface SignedFile {
  row: SignedAssetRow;
  /** The file opened for streaming; the caller consumes or destroys its body. */
  read: AssetFileRead;
}

export interface SignedAssetFiles {
  signedFile(assetId: string, options?: AssetReadOptions): Promise<SignedFile>;
  /** The signed file of the asset signed with this manifest (reports show it beside the verdict). */
  signedFileOfManifest(manifestId: string, options?: AssetReadOptions): Promise<SignedFile>;
  /** The signed file a timestamp added later replaced, kept as it was. */
  signedFileBeforeTimestamp(assetId: string, options?: AssetReadOptions): Promise<SignedFile>;
  thumbnail(assetId: string, options?: AssetReadOptions): Promise<AssetFileRead>;
  /** The `.c2pa` manifest store of the asset signed with this manifest. */
  manifestStore(manifestId: string, options?: AssetReadOptions): Promise<AssetFileRead>;
  /**
   * The manifest ID of the asset whose original or signed file has this SHA-256: how a file that
   * lost its Content Credentials (or never had them) is found again without being uploaded.
   */
  manifestIdByHash(sha256: string): Promise<string>;
}

export function createSignedAssetFiles(deps: { signedAssets: SignedAssets; store: AssetStore }): SignedAssetFiles {
  const { signedAssets, store } = deps;
  return {
    async signedFile(assetId, options) {
      const row = await signedAssets.findById(assetId);
      const read = row ? await store.open(row.id, 'signed', options) : null;
      if (!row || !read) throw DomainError.notFound(`No signed asset ${assetId}`);
      return { row, read };
    },
    async signedFileOfManifest(manifestId, options) {
      const row = await signedAssets.findByManifestId(manifestId);
      const read = row ? await store.open(row.id, 'signed', options) : null;
      if (!row || !read) throw DomainError.notFound(`No signed asset with manifest ${manifestId}`);
      return { row, read };
    },
    async signedFileBeforeTimestamp(assetId, options) {
      const row = await signedAssets.findById(assetId);
      const read = row?.previousSignedAssetHash ? await store.open(row.id, 'signed-before-timestamp', options) : null;
      if (!row || !read) throw DomainError.notFound(`Asset ${assetId} has no version from before a timestamp was added`);
      return { row, read };
    },
    async thumbnail(assetId, options) {
      const read = await store.open(assetId, 'thumbnail.jpg', options);
      if (!read) throw DomainError.notFound('This asset has no thumbnail');
      return read;
    },
    async manifestStore(manifestId, options) {
      const row = await signedAssets.findByManifestId(manifestId);
      const read = row ? await store.open(row.id, 'manifest.c2pa', options) : null;
      if (!row || !read) throw DomainError.notFound(`No manifest ${manifestId}`);
      return read;
    },
    async manifestIdByHash(sha256) {
      const row = await signedAssets.findByHash(sha256.toLowerCase());
      if (!row) throw DomainError.notFound('No asset signed by this gateway has this SHA-256');
      return row.manifestId;
    },
  };
}
