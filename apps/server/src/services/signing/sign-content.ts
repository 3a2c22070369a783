// Signs content for the API: takes the asset from a URL (through the safe fetcher) or an upload,
// signs it with the gateway's signer, verifies the signed file, stores it with its .c2pa manifest
// store and a thumbnail, and records it as the account's signed asset.
//
// Order of writes: everything is validated and the row is built before the first file is written;
// then the files go into the asset's folder, and the row comes last. A crash in between leaves a
// folder without a row, which the orphan sweep (services/assets/orphan-sweep.ts) removes, rather than
// a row pointing at files that are not there.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { TSigningMetadata } from '@provenance/contracts';
import { formatFromFileName, type SigningMetadata, type VerifyResponse } from '@provenance/engine';
import sharp from 'sharp';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import { failedFetchOf } from '../fetching/fetch-purpose.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { NewSignedAsset, SignedAssets } from '../assets/signed-assets.ts';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';

export type SignSource = { kind: 'url'; url: string } | { kind: 'upload'; bytes: Uint8Array; fileName?: string | undefined };

/** A signed and stored asset: what the API's answer is made of (the HTTP layer adds the links). */
export interface SignedContent {
  assetId: string;
  manifestId: string;
  mime: string;
  assetHash: string;
  signedAt: string;
  bytes: { original: number; signed: number };
  /** The engine's verification of the signed file, as any validator will see it. */
  verification: VerifyResponse;
}

export interface ContentSigner {
  signContent(userId: string, source: SignSource, metadata: TSigningMetadata): Promise<SignedContent>;
}

/** A small JPEG preview for lists and reports; formats sharp cannot decode simply get none. */
async function thumbnailOf(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
  } catch {
    return null;
  }
}

export function createContentSigner(deps: { engine: GatewayEngine; fetcher: SafeFetch; store: AssetStore; signedAssets: SignedAssets }): ContentSigner {
  const { engine, fetcher, store, signedAssets } = deps;
  return {
    async signContent(userId, source, metadata) {
      let bytes: Uint8Array;
      let name: string | undefined;
      if (source.kind === 'url') {
        const fetched = await fetcher(source.url).catch(failedFetchOf('The asset could not be fetched'));
        bytes = fetched.bytes;
        name = path.basename(new URL(fetched.finalUrl).pathname) || undefined;
      } else {
        bytes = source.bytes;
        name = source.fileName;
      }
      // The file name may become the title (a text column and a manifest field): it comes from the
      // client's upload header, so control characters such as NUL are dropped rather than refused.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      name = name?.replace(/[\u0000-\u001f\u007f]/g, '') || undefined;
      const format = (await engine.detectFormat(bytes)) ?? (name ? formatFromFileName(name) : undefined);
      if (!format?.signable) throw new DomainError('unprocessable', 'unsupported_format', 'The file is not an image or video format that can be signed');

      const engineMetadata: SigningMetadata = {
        title: metadata.title ?? name ?? `asset.${format.extensions[0]}`,
        creator: metadata.creator,
        license: metadata.license ?? 'All Rights Reserved',
        aiAssisted: metadata.aiAssisted ?? false,
        capturedWithCamera: metadata.capturedWithCamera ?? false,
        ...(metadata.softwareAgent && { softwareAgent: metadata.softwareAgent }),
        deviceInfo: metadata.deviceInfo ?? null,
        location: metadata.location ?? null,
      };
      const signed = await engine.sign(bytes, format.mime, engineMetadata);
      const verification = await engine.verify(signed.signedBytes, format.mime);
      const thumbnail = format.kind === 'image' ? await thumbnailOf(signed.signedBytes) : null;

      const assetId = randomUUID();
      const row: NewSignedAsset = {
        id: assetId,
        userId,
        manifestId: signed.manifestId,
        title: engineMetadata.title ?? null,
        mime: signed.mime,
        originalBytes: bytes.byteLength,
        signedBytes: signed.signedBytes.byteLength,
        assetHash: signed.assetHash,
        signedAssetHash: signed.signedAssetHash,
        source: source.kind,
        sourceUrl: source.kind === 'url' ? source.url : null,
        hasThumbnail: thumbnail !== null,
        signedAt: new Date(signed.signedAt),
      };
      try {
        await store.put(assetId, 'signed', signed.signedBytes);
        await store.put(assetId, 'manifest.c2pa', signed.manifestStore);
        if (thumbnail) await store.put(assetId, 'thumbnail.jpg', thumbnail);
        await signedAssets.insert(row);
      } catch (error) {
        // No row, so nobody can reach these files: remove them now rather than wait for the sweep.
        await store.remove(assetId).catch(() => undefined);
        throw error;
      }
      return {
        assetId,
        manifestId: signed.manifestId,
        mime: signed.mime,
        assetHash: signed.assetHash,
        signedAt: signed.signedAt,
        bytes: { original: bytes.byteLength, signed: signed.signedBytes.byteLength },
        verification,
      };
    },
  };
}
