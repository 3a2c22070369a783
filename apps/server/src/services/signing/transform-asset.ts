// Provenance-preserving transforms: an account's signed image resized, cropped or converted with
// sharp, then signed through the one signing pipeline (sign-content.ts, source kind 'transform')
// with the source's signed file as parentOf ingredient and the edits as C2PA actions, so the new
// file's history leads back to the original's credentials. The creator and license carry over from
// the source's manifest unless the request says otherwise.
import type { TTransform } from '@provenance/contracts';
import { DomainError } from '../domain-error.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import type { Engine } from '../engine/engine.ts';
import type { SigningIdentities } from '../signing-identities/signing-identities.ts';
import type { ContentSigner, SignedContent } from './sign-content.ts';
import { transformPixels } from './transform-pixels.ts';

export interface AssetTransformer {
  /** Transforms the account's own signed asset `assetId`; anyone else's is not found. */
  transform(userId: string, assetId: string, transform: TTransform): Promise<SignedContent>;
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' };

/** The new asset's title: the source's name with the new size and format, e.g. harbour-800x600.webp. */
function derivedTitle(sourceTitle: string | null, assetId: string, width: number, height: number, mime: string): string {
  const base = (sourceTitle ?? assetId).replace(/\.[a-z0-9]{2,5}$/i, '').slice(0, 150);
  return `${base}-${width}x${height}.${EXTENSION[mime] ?? 'img'}`;
}

export function createAssetTransformer(deps: {
  signedAssets: SignedAssets;
  store: AssetStore;
  engine: Engine;
  signer: ContentSigner;
  /** The name to sign under is made sure of before any pixel is touched; absent, only when signing. */
  identities?: Pick<SigningIdentities, 'requireSigningName'> | undefined;
}): AssetTransformer {
  const { signedAssets, store, engine, signer } = deps;
  return {
    async transform(userId, assetId, transform) {
      const row = await signedAssets.findById(assetId);
      // Another account's asset is answered as absent: its owner's list is nobody else's business.
      if (!row || row.userId !== userId) throw DomainError.notFound(`No signed asset ${assetId} in this account`);
      const source = await store.get(row.id, 'signed');
      if (!source) throw DomainError.notFound(`No signed asset ${assetId} in this account`);
      if (!row.mime.startsWith('image/') || row.mime === 'image/svg+xml') {
        throw new DomainError('unprocessable', 'unsupported_format', 'Only raster images can be transformed');
      }
      await deps.identities?.requireSigningName(userId, transform.organization);
      const pixels = await transformPixels(source, row.mime, transform);
      const sourceReport = await engine.verify(source, row.mime);
      const manifest = sourceReport.report.activeManifest;
      const title = transform.title ?? derivedTitle(row.title, row.id, pixels.width, pixels.height, pixels.mime);
      return signer.signContent(
        userId,
        { kind: 'transform', bytes: pixels.bytes, fileName: title, parent: { bytes: source, mime: row.mime, title: row.title ?? `${row.id}.${EXTENSION[row.mime] ?? 'img'}` }, edits: pixels.edits },
        {
          creator: manifest?.creator ?? sourceReport.verification.credentials.creator ?? 'Provenance Gateway user',
          title,
          ...(manifest?.license && { license: manifest.license }),
        },
        { organization: transform.organization },
      );
    },
  };
}
