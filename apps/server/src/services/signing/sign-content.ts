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
import type { TSignContentResponse, TSigningMetadata } from '@provenance/contracts';
import { formatFromFileName, type SigningMetadata } from '@provenance/engine';
import sharp from 'sharp';
import type { SafeFetch } from '@provenance/safe-fetch';
import { ApiError } from '../../http/api-error.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { NewSignedAsset, SignedAssets } from '../assets/signed-assets.ts';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';
import { engineFailure, fetchFailure } from '../verification/verify-content.ts';

export type SignSource = { kind: 'url'; url: string } | { kind: 'upload'; bytes: Uint8Array; fileName?: string | undefined };

export interface ContentSigner {
  signContent(userId: string, source: SignSource, metadata: TSigningMetadata): Promise<TSignContentResponse>;
}

export interface AssetLinks {
  signedAssetUrl: string;
  manifestUrl: string;
  sidecarUrl: string;
  thumbnailUrl: string;
}

export function assetLinks(apiBaseUrl: string, assetId: string, manifestId: string): AssetLinks {
  const manifestUrl = `${apiBaseUrl}/manifests/${encodeURIComponent(manifestId)}`;
  return {
    signedAssetUrl: `${apiBaseUrl}/assets/${assetId}`,
    manifestUrl,
    sidecarUrl: `${manifestUrl}?format=c2pa`,
    thumbnailUrl: `${apiBaseUrl}/assets/${assetId}/thumbnail`,
  };
}

/** A small JPEG preview for lists and reports; formats sharp cannot decode simply get none. */
async function thumbnailOf(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
  } catch {
    return null;
  }
}

export function createContentSigner(deps: { engine: GatewayEngine; fetcher: SafeFetch; store: AssetStore; signedAssets: SignedAssets; apiBaseUrl: string }): ContentSigner {
  const { engine, fetcher, store, signedAssets } = deps;
  return {
    async signContent(userId, source, metadata) {
      let bytes: Uint8Array;
      let name: string | undefined;
      if (source.kind === 'url') {
        const fetched = await fetcher(source.url).catch((error: unknown) => fetchFailure(error, 'The asset could not be fetched'));
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
      if (!format?.signable) throw new ApiError(422, 'unsupported_format', 'The file is not an image or video format that can be signed');

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
      const signed = await engine.sign(bytes, format.mime, engineMetadata).catch(engineFailure);
      const verification = await engine.verify(signed.signedBytes, format.mime).catch(engineFailure);
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
      const links = assetLinks(deps.apiBaseUrl, assetId, signed.manifestId);
      return {
        success: true,
        manifestId: signed.manifestId,
        assetId,
        signedManifest: { assetHash: signed.assetHash, timestamp: signed.signedAt },
        signedAssetUrl: links.signedAssetUrl,
        manifestUrl: links.manifestUrl,
        sidecarUrl: links.sidecarUrl,
        mime: signed.mime,
        bytes: { original: bytes.byteLength, signed: signed.signedBytes.byteLength },
        verification,
      };
    },
  };
}
