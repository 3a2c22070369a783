// Signs a large video upload (MP4, MOV, M4A), or one fetched from a URL to a spool file, in constant memory: the engine
// hashes the file as it streams and copies it into a signed file beside the spool file with its
// manifest appended (a worker does both; the bytes never cross threads), the signed file is verified
// by path, streamed into the asset store with its .c2pa manifest store, and recorded and indexed as
// any signing (sign-content.ts, which hands such uploads here).
//
// What differs from a signing in memory: no thumbnail (only images get one there too) and no soft
// binding (ISCC fingerprints are of images); no sidecar. Content Credentials the file already carries
// become its parent ingredient as in memory (the engine gives c2pa-wasm their manifest store alone,
// io/keep-parent.ts), with the same warning when they were invalid.
// The order of writes is the same: files first, the row last, files removed if the row fails.
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { TSigningMetadata } from '@provenance/contracts';
import type { SigningMetadata, VerifyResponse } from '@provenance/engine';
import { DomainError } from '../domain-error.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import { spooledSignMime } from '../assets/size-policy.ts';
import type { NewSignedAsset, SignedAssets } from '../assets/signed-assets.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';
import { signingFactsOf, type ManifestRepository } from '../manifest-repository/manifest-repository.ts';
import type { InstallationClaimSigner } from '../claim-signer/installation-claim-signer.ts';
import type { SigningIdentities } from '../signing-identities/signing-identities.ts';
import type { SigningsInFlight } from './signings-in-flight.ts';

/** An upload too large to sign in memory, waiting in its spool file. */
export interface SpooledVideo {
  path: string;
  /** Its first bytes, to tell its format. */
  head: Uint8Array;
  fileName?: string | undefined;
}

export interface SpooledVideoSigning {
  assetId: string;
  manifestId: string;
  mime: string;
  assetHash: string;
  signedAt: string;
  bytes: { original: number; signed: number };
  verification: VerifyResponse;
  /** The credentials the asset already carried, when it carried any (checked without trust). */
  parentCredentials: { status: 'valid' | 'invalid'; reason: string | null } | null;
  /** Things the signer should know, in words: credentials the asset carried were invalid. */
  warnings: string[];
}

/** The warning for an asset whose own Content Credentials were invalid when it was signed again. */
export function invalidParentWarning(reason: string | null): string {
  return `The Content Credentials this file already carried are invalid${reason ? ` (${reason.replace(/\.$/, '')})` : ''}; the new manifest records that in its parent ingredient.`;
}

export interface SpooledVideoSignerDeps {
  engine: GatewayEngine;
  store: AssetStore;
  signedAssets: SignedAssets;
  repository?: ManifestRepository | undefined;
  identities?: SigningIdentities | undefined;
  /** Who signs the claim (installation-claim-signer.ts); absent, the identity's certificate. */
  claimSigner?: InstallationClaimSigner | undefined;
  events?: AccountEvents | undefined;
  assetUrlOf?: ((assetId: string) => string) | undefined;
  /** The per-account limit on remote signings in progress at once. */
  signingsInFlight: SigningsInFlight;
}

export async function signSpooledVideo(
  deps: SpooledVideoSignerDeps,
  userId: string,
  video: SpooledVideo,
  metadata: TSigningMetadata,
  options: {
    assetId?: string | undefined;
    /** The URL the file was fetched from (recorded as the asset's source); absent, an upload. */
    sourceUrl?: string | undefined;
    /** As SignContentOptions.beforeStore: called once signed, before anything is stored. */
    beforeStore?: (() => Promise<void>) | undefined;
  } = {},
): Promise<SpooledVideoSigning> {
  const { engine, store, signedAssets, repository, identities, events } = deps;
  const mime = await spooledSignMime(engine, video);
  if (!mime) throw new DomainError('unprocessable', 'unsupported_format', 'Only an MP4, MOV or M4A file may be signed at this size');
  // eslint-disable-next-line no-control-regex -- the client's file name may become the title: control characters dropped
  const name = video.fileName?.replace(/[\u0000-\u001f\u007f]/g, '') || undefined;
  const engineMetadata: SigningMetadata = {
    title: metadata.title ?? name ?? `asset.${mime === 'video/quicktime' ? 'mov' : mime === 'audio/mp4' ? 'm4a' : 'mp4'}`,
    creator: metadata.creator,
    license: metadata.license ?? 'All Rights Reserved',
    aiAssisted: metadata.aiAssisted ?? false,
    capturedWithCamera: metadata.capturedWithCamera ?? false,
    ...(metadata.softwareAgent && { softwareAgent: metadata.softwareAgent }),
    deviceInfo: metadata.deviceInfo ?? null,
    location: metadata.location ?? null,
  };
  const accountSigner = identities ? await identities.signerFor(userId) : null;
  const claimSigner = deps.claimSigner ? await deps.claimSigner.claimSignerFor(accountSigner) : accountSigner?.material;
  // Beside the spool file: the spool folder is cleared at start, so a crash leaves nothing behind for long.
  const signedPath = `${video.path}.signed`;
  try {
    const release = deps.signingsInFlight.admit(userId, claimSigner);
    const signed = await engine.signFile(video.path, signedPath, mime, engineMetadata, claimSigner, accountSigner?.material).finally(release);
    const verification = await engine.verifyFile(signedPath, mime);
    const parent = signed.parentCredentials;
    const warning = parent?.status === 'invalid' ? invalidParentWarning(parent.reason) : null;
    const assetId = options.assetId ?? randomUUID();
    const row: NewSignedAsset = {
      id: assetId,
      userId,
      manifestId: signed.manifestId,
      title: engineMetadata.title ?? null,
      mime: signed.mime,
      originalBytes: signed.originalBytes,
      signedBytes: signed.signedBytes,
      assetHash: signed.assetHash,
      signedAssetHash: signed.signedAssetHash,
      source: options.sourceUrl ? 'url' : 'upload',
      sourceUrl: options.sourceUrl ?? null,
      hasThumbnail: false,
      sidecar: false,
      parentCredentialsWarning: warning,
      signingIdentityId: accountSigner?.identityId ?? null,
      signedAt: new Date(signed.signedAt),
    };
    await options.beforeStore?.();
    try {
      await store.put(assetId, 'signed', createReadStream(signedPath));
      await store.put(assetId, 'manifest.c2pa', signed.manifestStore);
      await signedAssets.insert(row);
    } catch (error) {
      // No row, so nobody can reach these files; unless a row with this given ID exists (another run of a job item).
      const ownedByAnother = options.assetId !== undefined && (await signedAssets.findById(assetId).catch(() => null)) !== null;
      if (!ownedByAnother) await store.remove(assetId).catch(() => undefined);
      throw error;
    }
    await repository?.index(assetId, { manifestId: signed.manifestId, mime: signed.mime, assetHash: signed.assetHash, signedAssetHash: signed.signedAssetHash, signedAt: signed.signedAt, ...signingFactsOf(verification) }, null);
    await events?.emit({
      type: 'asset.signed',
      accountId: userId,
      occurredAt: row.signedAt,
      data: { assetId, manifestId: signed.manifestId, mime: signed.mime, title: row.title, signedAt: signed.signedAt, sidecar: false, ...(deps.assetUrlOf && { signedAssetUrl: deps.assetUrlOf(assetId) }) },
    });
    return {
      assetId,
      manifestId: signed.manifestId,
      mime: signed.mime,
      assetHash: signed.assetHash,
      signedAt: signed.signedAt,
      bytes: { original: signed.originalBytes, signed: signed.signedBytes },
      verification,
      parentCredentials: parent && { status: parent.status, reason: parent.reason },
      warnings: warning ? [warning] : [],
    };
  } finally {
    await rm(signedPath, { force: true });
  }
}
