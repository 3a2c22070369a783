// Signs content for the API: takes the asset from a URL (through the safe fetcher) or an upload,
// signs it with the gateway's signer, verifies the signed file, stores it with its .c2pa manifest
// store and a thumbnail, and records it as the account's signed asset. A sidecar signing embeds
// nothing: the stored file is the original (as c2pa-rs signed it), bound by the stored .c2pa.
//
// A video too large for memory (a spooled upload, or an asset URL fetched to a spool file) goes the
// same way as a file on disk: the engine hashes it as it streams and writes the signed copy beside
// its spool file (a worker does both; the bytes never cross threads), the copy is verified by path
// and streamed into the asset store. It gets no thumbnail and no soft binding (those are of images),
// and is never a sidecar.
//
// Order of writes: everything is validated and the row is built before the first file is written;
// then the files go into the asset's folder, and the row comes last. A crash in between leaves a
// folder without a row, which the orphan sweep (services/assets/orphan-sweep.ts) removes, rather than
// a row pointing at files that are not there.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TSigningMetadata } from '@provenance/contracts';
import { type AssetFormat, assetFormats, type EditAction, type FileOnDisk, type ParentAsset, type RedactionKind, rewrittenSidecarWarning, type SigningMetadata, type VerifyResponse } from '@provenance/engine';
import sharp from 'sharp';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import type { AssetDownloads } from '../fetching/asset-download.ts';
import { failedFetchOf } from '../fetching/fetch-purpose.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { NewSignedAsset, SignedAssets } from '../assets/signed-assets.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { Engine } from '../engine/engine.ts';
import type { NamedActorRevocation } from '../revocation/named-actor-revocation.ts';
import { signingFactsOf, type ManifestRepository } from '../manifest-repository/manifest-repository.ts';
import type { SigningIdentities } from '../signing-identities/signing-identities.ts';
import type { OcspStapler } from './ocsp-staple.ts';
import type { InstallationClaimSigner } from '../claim-signer/installation-claim-signer.ts';
import { createSigningsInFlight, type SigningsInFlight } from './signings-in-flight.ts';
import { createAuthorityOutage, type AuthorityOutage } from './authority-outage.ts';
import { spooledSignMime, type SpooledHead } from '../assets/size-policy.ts';
import { PENDING_TIMESTAMP_WARNING, SIDECAR_UNSTAMPED_WARNING, type AssetTimestamps } from '../timestamps/asset-timestamps.ts';
import type { TTimestampState } from '@provenance/contracts';
const { findFormat, formatFromFileName } = assetFormats;

/** An upload too large to sign in memory, waiting in its spool file. */
export type SpooledVideo = SpooledHead & { path: string };

/**
 * Where the asset comes from. A transform's output (services/signing/transform-asset.ts) is signed
 * here like an upload, with the source's signed file as its parent ingredient and the edits made.
 */
export type SignSource =
  | { kind: 'url'; url: string }
  /** An asset URL's body, already fetched (to a spool file, then read): signed and recorded as the URL's. */
  | { kind: 'fetched'; url: string; bytes: Uint8Array; finalUrl: string }
  | { kind: 'upload'; bytes: Uint8Array; fileName?: string | undefined }
  | { kind: 'transform'; bytes: Uint8Array; fileName?: string | undefined; parent: ParentAsset; edits: EditAction[] }
  /** An MP4, MOV or M4A upload too large for memory, signed from its spool file. */
  | ({ kind: 'spooled-upload' } & SpooledVideo);

/**
 * A signed and stored asset: what the API's answer is made of (the HTTP layer adds the links). Its
 * `verification` is the engine's verification of the signed file (with its sidecar), as any
 * validator will see it.
 */
export interface SignedContent {
  assetId: string;
  manifestId: string;
  mime: string;
  assetHash: string;
  signedAt: string;
  bytes: { original: number; signed: number };
  verification: VerifyResponse;
  /** The credentials the asset already carried, when it carried any (checked without trust). */
  parentCredentials: { status: 'valid' | 'invalid'; reason: string | null } | null;
  /** Things the signer should know, in words: credentials the asset carried were invalid, nothing was redacted, the timestamp is pending. */
  warnings: string[];
  sidecar: boolean;
  /** Whether the signature carries a trusted timestamp: added, pending (the authority did not answer: added later), or none (no authority). */
  timestampState: TTimestampState;
}

/** The warning for an asset whose own Content Credentials were invalid when it was signed again. */
export function invalidParentWarning(reason: string | null): string {
  return `The Content Credentials this file already carried are invalid${reason ? ` (${reason.replace(/\.$/, '')})` : ''}; the new manifest records that in its parent ingredient.`;
}

/**
 * The asset as the pipeline signs it: its bytes in memory, or its spool file on disk (a large video),
 * where it came from and its name as the client gave it.
 */
interface AssetToSign {
  source: Uint8Array | FileOnDisk;
  format: AssetFormat;
  name: string | undefined;
  origin: 'upload' | 'url' | 'transform';
  sourceUrl: string | null;
  transform?: { parent: ParentAsset; edits: EditAction[] };
}

export interface SignContentOptions {
  /** Sign without embedding: the manifest store binds the original, which is kept unchanged. */
  sidecar?: boolean;
  /** Remove these assertions from the credentials the file already carries (C2PA redaction). */
  redact?: readonly RedactionKind[];
  /**
   * The new asset's ID, when the caller must be able to find it again after a crash (a batch job's
   * item); a random one otherwise. An asset with this ID already stored makes the signing fail.
   */
  assetId?: string;
  /**
   * Called once the file is signed, before anything is stored; throwing stops the signing with
   * nothing written (a batch job item past its time, whose redelivery may already be running).
   */
  beforeStore?: () => Promise<void>;
  /**
   * The name to sign under given with the request: set as the account's name when it has none;
   * without it, an account with no name signing through its managed certificate is refused (409
   * organization_required) before anything is fetched or signed.
   */
  organization?: string | undefined;
}

export interface ContentSigner {
  signContent(userId: string, source: SignSource, metadata: TSigningMetadata, options?: SignContentOptions): Promise<SignedContent>;
}

/** A small JPEG preview for lists and reports; formats sharp cannot decode simply get none. */
async function thumbnailOf(bytes: Uint8Array): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize(320, 320, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
  } catch {
    return null;
  }
}

export function createContentSigner(deps: {
  engine: Engine;
  /** Applies the gateway's own revocation records to the named actors of the signed file's verification, as verify-content does; absent, they are not asked about. */
  namedActors?: Pick<NamedActorRevocation, 'apply'> | undefined;
  fetcher: SafeFetch;
  /** Asset URLs are fetched to a spool file through these (a video past MAX_ASSET_BYTES signed from disk); absent, into memory through `fetcher`. */
  downloads?: AssetDownloads | undefined;
  store: AssetStore;
  signedAssets: SignedAssets;
  /** Writes each image's soft binding into its manifest and indexes every signed asset; absent: neither. */
  repository?: ManifestRepository | undefined;
  /** The account's signing identity (its organisation); absent, none is named. */
  identities?: SigningIdentities | undefined;
  /** Who signs the claim (the installation's claim signer, or an account's own product certificate); absent, the identity's certificate, else the engine's signer. */
  claimSigner?: InstallationClaimSigner | undefined;
  /** Hears of every stored signing (asset.signed: webhooks); absent, nobody does. */
  events?: AccountEvents | undefined;
  /** The signed file's public URL, for the event; absent, the event carries the asset ID only. */
  assetUrlOf?: ((assetId: string) => string) | undefined;
  /** The per-account limit on remote signings in progress at once; absent, the default limit. */
  signingsInFlight?: SigningsInFlight | undefined;
  /** Staples the signing certificate's OCSP answer into each signature; absent, none is stapled. */
  staple?: OcspStapler | undefined;
  /** Adds later the timestamps a time-stamping authority did not give at signing; absent, they stay missing. */
  timestamps?: Pick<AssetTimestamps, 'queuePending'> | undefined;
  /** Remembers an authority that just failed, so signings do not wait on it again; one per signer when absent. */
  authorityOutage?: AuthorityOutage | undefined;
}): ContentSigner {
  const { engine, fetcher, store, signedAssets, repository, identities, events } = deps;
  const signingsInFlight = deps.signingsInFlight ?? createSigningsInFlight();
  const authorityOutage = deps.authorityOutage ?? createAuthorityOutage();
  const redactionTooLarge = () => new DomainError('unprocessable', 'redaction_unsupported', 'A video this large is signed from disk, which keeps its earlier credentials whole; redaction takes files up to the upload limit');
  const sidecarTooLarge = () => new DomainError('unprocessable', 'sidecar_unsupported', 'A video this large is signed with its manifest embedded; sidecar signing takes files up to the upload limit');
  const tooLargeFormat = () => new DomainError('unprocessable', 'unsupported_format', 'Only an MP4, MOV or M4A file may be signed at this size');
  // The file name may become the title (a text column and a manifest field): it comes from the
  // client's upload header, so control characters such as NUL are dropped rather than refused.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  const cleanName = (name: string | undefined) => name?.replace(/[\u0000-\u001f\u007f]/g, '') || undefined;
  const nameOfUrl = (url: string) => path.basename(new URL(url).pathname) || undefined;

  /** A video on disk (spooled upload, or a URL's body past MAX_ASSET_BYTES) as the pipeline signs it. */
  async function videoOnDisk(video: SpooledVideo, sourceUrl: string | null): Promise<AssetToSign> {
    const mime = await spooledSignMime(engine, video);
    const format = mime ? findFormat(mime) : undefined;
    if (!format) throw tooLargeFormat();
    return { source: { path: video.path }, format, name: cleanName(video.fileName), origin: sourceUrl ? 'url' : 'upload', sourceUrl };
  }

  /** The asset of a source held in memory, its format told by its bytes (else its name). */
  async function assetInMemory(source: Exclude<SignSource, { kind: 'spooled-upload' }>): Promise<AssetToSign> {
    let bytes: Uint8Array;
    let name: string | undefined;
    if (source.kind === 'url') {
      const fetched = await fetcher(source.url).catch(failedFetchOf('The asset could not be fetched'));
      bytes = fetched.bytes;
      name = nameOfUrl(fetched.finalUrl);
    } else if (source.kind === 'fetched') {
      bytes = source.bytes;
      name = nameOfUrl(source.finalUrl);
    } else {
      bytes = source.bytes;
      name = source.fileName;
    }
    name = cleanName(name);
    const format = (await engine.detectFormat(bytes)) ?? (name ? formatFromFileName(name) : undefined);
    if (!format?.signable) throw new DomainError('unprocessable', 'unsupported_format', 'The file is not an image or video format that can be signed');
    const sourceUrl = source.kind === 'url' || source.kind === 'fetched' ? source.url : null;
    return { source: bytes, format, name, origin: source.kind === 'fetched' ? 'url' : source.kind, sourceUrl, ...(source.kind === 'transform' && { transform: { parent: source.parent, edits: source.edits } }) };
  }

  const signer: ContentSigner = {
    async signContent(userId, source, metadata, options = {}) {
      const sidecar = options.sidecar ?? false;
      // Before any download or work: a signing without a name to sign under is refused at once.
      await identities?.requireSigningName(userId, options.organization);
      if (source.kind === 'url' && deps.downloads) {
        const { url } = source;
        return deps.downloads.withDownload(
          url,
          async (asset) =>
            asset.exceedsAssetLimit
              ? signAsset(userId, await videoOnDisk({ path: asset.path, head: asset.head, fileName: nameOfUrl(asset.finalUrl) }, url), metadata, options)
              : signer.signContent(userId, { kind: 'fetched', url, bytes: await asset.read(), finalUrl: asset.finalUrl }, metadata, options),
          sidecar ? { largeMediaRefusal: sidecarTooLarge } : {},
        );
      }
      if (source.kind === 'spooled-upload') {
        if (sidecar) throw sidecarTooLarge();
        if (options.redact?.length) throw redactionTooLarge();
      }
      const asset = source.kind === 'spooled-upload' ? await videoOnDisk(source, null) : await assetInMemory(source);
      return signAsset(userId, asset, metadata, options);
    },
  };

  /** The one signing pipeline: sign, verify the signed file, store it, record it, index it, tell listeners. */
  async function signAsset(userId: string, asset: AssetToSign, metadata: TSigningMetadata, options: SignContentOptions): Promise<SignedContent> {
    const sidecar = options.sidecar ?? false;
    const { format } = asset;
    const engineMetadata: SigningMetadata = {
      title: metadata.title ?? asset.name ?? `asset.${format.extensions[0]}`,
      creator: metadata.creator,
      license: metadata.license ?? 'All Rights Reserved',
      aiAssisted: metadata.aiAssisted ?? false,
      capturedWithCamera: metadata.capturedWithCamera ?? false,
      ...(metadata.softwareAgent && { softwareAgent: metadata.softwareAgent }),
      deviceInfo: metadata.deviceInfo ?? null,
      location: metadata.location ?? null,
      ...(asset.transform && { edits: asset.transform.edits }),
    };
    const bytes = asset.source instanceof Uint8Array ? asset.source : null;
    // The ISCC of the pixels being signed, written into the manifest as its soft binding.
    const softBinding = repository && bytes ? await repository.softBindingFor(bytes, format.kind) : null;
    const accountSigner = identities ? await identities.signerFor(userId) : null;
    const claimSigner = deps.claimSigner ? await deps.claimSigner.claimSignerFor(accountSigner) : accountSigner?.material;
    // The claim signer's OCSP answer, stapled into its signature; the organisation names itself as the manifest's actor (a CAWG identity assertion) with its own credential.
    const ocspResponse = claimSigner && deps.staple ? await deps.staple.responseFor(claimSigner) : null;
    const evidence = { ...(ocspResponse && { ocspResponse }), ...(accountSigner && { identity: accountSigner.material }) };
    // A file on disk is signed into a copy beside it: the spool folder is cleared at start, so a crash leaves nothing behind for long.
    const signedPath = bytes ? null : `${(asset.source as FileOnDisk).path}.signed`;
    try {
      const release = signingsInFlight.admit(userId, claimSigner);
      const signOptions = { sidecar, ...(options.redact?.length && { redact: options.redact }), ...(softBinding && { softBinding: softBinding.binding }), ...(asset.transform && { parent: asset.transform.parent }), signer: claimSigner, ...evidence };
      const signOnce = async (withoutTimestamp: boolean) => {
        const unstamped = withoutTimestamp ? { withoutTimestamp } : {};
        return bytes
          ? await engine.sign(bytes, format.mime, engineMetadata, { ...signOptions, ...unstamped }).then((signed) => ({ ...signed, originalBytes: bytes.byteLength, signedBytes: signed.signedBytes.byteLength, signedFile: signed.signedBytes }))
          : await engine.sign(asset.source as FileOnDisk, format.mime, engineMetadata, { output: signedPath!, signer: claimSigner, ...evidence, ...unstamped }).then((signed) => ({ ...signed, assetUnchanged: false, redacted: [], signedFile: null }));
      };
      // A time-stamping authority that does not answer never stops a signing: it goes on without a
      // timestamp, which is added later (services/timestamps/asset-timestamps.ts). One that just
      // failed is not asked again for a while (authority-outage.ts).
      const skipAuthority = authorityOutage.isDown();
      const missed = { timestamp: skipAuthority };
      const signing = signOnce(skipAuthority).catch((error: unknown) => {
        if (skipAuthority || !(error instanceof DomainError && error.code === 'timestamp_failed')) throw error;
        missed.timestamp = true;
        authorityOutage.failed();
        return signOnce(true);
      });
      const signed = await signing.finally(release);
      const timestampMissed = missed.timestamp;
      const engineVerdict = signed.signedFile
        ? await engine.verify(signed.signedFile, format.mime, { ...(sidecar && { manifest: signed.manifestStore }), answer: 'serialized' })
        : await engine.verify({ path: signedPath! }, format.mime, { answer: 'serialized' });
      // The answer's named actors read as a verification of the same file would (issue 32): revoked from the gateway's records.
      const verification = JSON.parse((deps.namedActors ? await deps.namedActors.apply(engineVerdict) : engineVerdict).json) as VerifyResponse;
      const parent = signed.parentCredentials;
      const warning = parent?.status === 'invalid' ? invalidParentWarning(parent.reason) : null;
      const nothingRedacted = bytes && options.redact?.length && signed.redacted.length === 0 ? `Nothing was redacted: the file's earlier credentials hold no ${options.redact.join(' or ')} assertion${parent ? '' : ' (it carried none)'}.` : null;
      const timestampPending = timestampMissed && !sidecar;
      const timestampWarning = timestampMissed ? (sidecar ? SIDECAR_UNSTAMPED_WARNING : PENDING_TIMESTAMP_WARNING) : null;
      const timestampState: TTimestampState = timestampPending ? 'pending' : verification.report.timestamp ? 'added' : 'none';
      const warnings = [warning, sidecar && !signed.assetUnchanged ? rewrittenSidecarWarning(signed.mime) : null, nothingRedacted, timestampWarning].filter((text): text is string => text !== null);
      const thumbnail = signed.signedFile && format.kind === 'image' ? await thumbnailOf(signed.signedFile) : null;

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
        source: asset.origin,
        sourceUrl: asset.sourceUrl,
        hasThumbnail: thumbnail !== null,
        sidecar,
        parentCredentialsWarning: warning,
        signingIdentityId: accountSigner?.identityId ?? null,
        signedAt: new Date(signed.signedAt),
        timestampState,
        ...(timestampPending && { timestampPendingSince: new Date(signed.signedAt) }),
      };
      await options.beforeStore?.();
      try {
        await store.put(assetId, 'signed', signed.signedFile ?? createReadStream(signedPath!));
        await store.put(assetId, 'manifest.c2pa', signed.manifestStore);
        if (thumbnail) await store.put(assetId, 'thumbnail.jpg', thumbnail);
        await signedAssets.insert(row);
      } catch (error) {
        // No row, so nobody can reach these files: remove them now rather than wait for the sweep.
        // Unless a row with this given ID exists: another run of the same job item stored it.
        const ownedByAnother = options.assetId !== undefined && (await signedAssets.findById(assetId).catch(() => null)) !== null;
        if (!ownedByAnother) await store.remove(assetId).catch(() => undefined);
        throw error;
      }
      if (timestampPending) await deps.timestamps?.queuePending(assetId);
      // After the row (the index refers to it); a failure here leaves a signed asset that is not recoverable, not a broken one.
      const indexed = { manifestId: signed.manifestId, mime: signed.mime, assetHash: signed.assetHash, signedAssetHash: signed.signedAssetHash, signedAt: signed.signedAt, ...(signed.signedFile && { signedBytes: signed.signedFile }) };
      await repository?.index(assetId, { ...indexed, ...signingFactsOf(verification) }, softBinding?.fingerprint ?? null);
      // Once stored: listeners queue their work durably before the answer, and their failures are logged, never thrown.
      await events?.emit({
        type: 'asset.signed',
        accountId: userId,
        occurredAt: row.signedAt,
        data: { assetId, manifestId: signed.manifestId, mime: signed.mime, title: row.title, signedAt: signed.signedAt, sidecar, ...(deps.assetUrlOf && { signedAssetUrl: deps.assetUrlOf(assetId) }) },
      });
      return {
        assetId,
        manifestId: signed.manifestId,
        mime: signed.mime,
        assetHash: signed.assetHash,
        signedAt: signed.signedAt,
        bytes: { original: signed.originalBytes, signed: signed.signedBytes },
        verification,
        sidecar,
        parentCredentials: parent && { status: parent.status, reason: parent.reason },
        warnings,
        timestampState,
      };
    } finally {
      if (signedPath) await rm(signedPath, { force: true });
    }
  }

  return signer;
}
