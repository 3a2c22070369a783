// Verifies content for the API: fetches an asset URL through the safe fetcher, reads an upload, or
// loads a signed asset we hold by manifest ID; validates it with the engine (fetching a remote
// manifest safely when the asset names one) and asks about its signer's revocation (OCSP); records the
// verification event (written behind). An asset URL is fetched to a spool file when the server has
// one (asset-download.ts) and then verified as a spooled upload is: a video from disk, up to
// MAX_VIDEO_BYTES, anything else read back into memory.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BMFF_MIME_TYPES, findFormat, LARGE_MEDIA_TYPES, verifyWithRemoteManifest, formatFromFileName, type SerializedVerification, type TaskPlacement, type VerifyResponse } from '@provenance/engine';
import type { TRecovery } from '@provenance/contracts';
import type { TrustList } from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import type { AssetDownloads, DownloadedAsset } from '../fetching/asset-download.ts';
import { failedFetchOf } from '../fetching/fetch-purpose.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { AccountEvents } from '../events/account-events.ts';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';
import type { SignerRevocation } from '../revocation/signer-revocation.ts';
import type { ManifestRepository } from '../repository/manifest-repository.ts';
import { createArrivingVerification, type ArrivingUpload, type ArrivingVerification } from './arriving/arriving-verification.ts';
import { signedBySameCertificate } from './same-signer.ts';
import { sightingUrl } from './sighting-url.ts';
import { createMediaChecks } from './media-check.ts';
import type { VerificationCache } from './verification-cache.ts';
import type { TrustSnapshots } from '../trust/trust-snapshots.ts';
import type { VerificationEvents } from './verification-events.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A file's SHA-256 (hex), computed once, when first asked. */
type AssetHash = () => Promise<string>;

function assetHashOf(given: (() => Promise<string>) | string | undefined, bytes: Uint8Array): AssetHash {
  let digest: Promise<string> | undefined;
  return () => {
    if (!digest) {
      digest = typeof given === 'function' ? given() : Promise.resolve(given ?? sha256(bytes));
      // Asked ahead of need (while a verdict is awaited), it may fail with nobody waiting any more.
      digest.catch(() => undefined);
    }
    return digest;
  };
}

export type VerifySource =
  | { kind: 'url'; url: string }
  | {
      kind: 'upload';
      bytes: Uint8Array;
      fileName?: string | undefined;
      /** The Content-Type the file was sent with, when it was the request body. */
      declaredMime?: string | undefined;
      /**
       * SHA-256 (hex) of bytes, when known (a spooled upload's), or the upload reader's, asked only
       * when needed: it hashes a file an engine worker read as it arrived only when asked (arriving/arriving-memory.ts).
       */
      sha256?: string | (() => Promise<string>) | undefined;
      /** The file's .c2pa sidecar, when it was sent beside it: the pair is verified. */
      manifest?: Uint8Array | undefined;
      /** The upload as it arrived (arrivingUpload): a verification started then is used when it fits, without asking the cache. */
      arriving?: ArrivingUpload | null | undefined;
    }
  | { kind: 'manifest'; manifestId: string }
  /** A badge's check: manifest M shown with the media at `url` (its SHA-256 when the badge could read it). */
  | { kind: 'media'; manifestId: string; url: string; sha256?: string | undefined }
  | {
      /** An upload spooled to disk: an MP4, MOV or M4A is verified from the file, never read whole. */
      kind: 'spooled-upload';
      path: string;
      /** Its first bytes, to tell its format. */
      head: Uint8Array;
      sha256: string;
      fileName?: string | undefined;
      declaredMime?: string | undefined;
      /** Reads the file into memory (within the server's budget), for formats verified from bytes. */
      withBytes<T>(use: (bytes: Uint8Array) => Promise<T>): Promise<T>;
    };

/** The sources verified as files (everything but a badge's media check). */
type FileSource = Exclude<VerifySource, { kind: 'media' }>;

export interface VerifyCaller {
  userId?: string | undefined;
  geo?: string | null;
  thumbnails?: boolean;
  /** The site whose page asked (a badge's Origin), recorded with a recovery. */
  referrer?: string | null | undefined;
  /**
   * The verification event's ID, for a caller that may run the same verification again (a batch job
   * item handed out again after a crash): its event is then written once.
   */
  eventId?: string | undefined;
  /** The batch-job item running the verification, recorded with its event (its report is the item's stored result). */
  jobItem?: { jobId: string; index: number } | undefined;
  /** Its client was refused lately for going over its fair share: its engine work waits behind others' (TaskPlacement). */
  overShare?: boolean;
  /** Validate as of this instant rather than now: never from or into the cache, revocation not asked. */
  at?: Date | undefined;
  /** Validate under the trust lists of this earlier snapshot (its ID), as `at` is: a reproduction. */
  trustSnapshot?: string | undefined;
  /** `crjson`: answer c2pa-rs's crJSON report of the file instead of the product's (not cached, no event). */
  format?: 'report' | 'crjson' | undefined;
}

/**
 * How a verification is made: placed in the engine's queue, and as of now under the lists in force,
 * or reproduced (as of a declared time, under an earlier snapshot's lists).
 */
type Validation = TaskPlacement & { at?: Date | undefined; trustLists?: readonly TrustList[] | undefined; crJson?: boolean | undefined };

/** A verification that is not the file's verdict now (a reproduction, or c2pa-rs's crJSON): never cached, never an event. */
const isReproduction = (validation: Validation): boolean => validation.at !== undefined || validation.trustLists !== undefined || validation.crJson === true;
/** The engine's options of a reproduction. */
const reproductionOf = (validation: Validation) => ({
  ...(validation.at && { at: validation.at }),
  ...(validation.trustLists && { trustLists: validation.trustLists }),
  ...(validation.crJson && { crJson: true }),
});

/** A verification response (TVerifyResponse with its eventId) as JSON, ready to send. */
export interface VerificationAnswer {
  json: string;
  /** Null when no event was recorded (a verification as of a declared time). */
  eventId: string | null;
}

export interface ContentVerifier {
  verifyContent(source: VerifySource, caller: VerifyCaller): Promise<VerificationAnswer>;
  /**
   * Verify-as-it-arrives for one upload by `caller`: handed to the upload reader (which gathers the
   * file in the memory it lends) and then, with the file, to verifyContent (which uses its verdict).
   */
  arrivingUpload(caller: VerifyCaller): ArrivingUpload;
  /** The verification of a stored signed asset, without recording an event (reports, manifests). */
  verifyStored(manifestId: string, options?: { thumbnails?: boolean }): Promise<VerifyResponse>;
  /**
   * A stored signed asset's own verdict now, without recording an event: the cached verdict of its
   * bytes under the trust lists in force (kept no longer than its certificates or the OCSP answer it
   * rests on, and forgotten at a revocation) when there is one, without reading the file; else the
   * file verified.
   */
  verifyStoredAsset(asset: SignedAssetRow): Promise<VerifyResponse>;
}

export function createContentVerifier(deps: {
  engine: GatewayEngine;
  fetcher: SafeFetch;
  /** Asset URLs are fetched to a spool file through these; absent, into memory through `fetcher` (up to its limit). */
  downloads?: AssetDownloads | undefined;
  store: AssetStore;
  signedAssets: SignedAssets;
  events: VerificationEvents;
  cache: VerificationCache;
  /** Asks about the signer's revocation (OCSP); absent with OCSP=off. */
  revocation?: SignerRevocation | undefined;
  /** Looks a file without credentials up in the manifest repository; absent: no recovery. */
  repository?: ManifestRepository | undefined;
  /** Where a recovered manifest's store is served. */
  manifestUrlOf?: ((manifestId: string) => string) | undefined;
  /** Where a signed asset's thumbnail is served (shown by a badge beside the picture). */
  thumbnailUrlOf?: ((assetId: string) => string) | undefined;
  /** Hears of content an account signed failing verification (verification.failed); absent, nobody does. */
  accountEvents?: AccountEvents | undefined;
  /** The certificate chain (PEM, leaf first) a stored asset was signed with, when recorded (its signing identity's); null when not. */
  signingChainOf?: ((asset: SignedAssetRow) => Promise<string | null>) | undefined;
  /**
   * A stored video or audio file larger than `inMemoryBytes` (one signed from its spool file) is verified
   * from a copy streamed into `spoolDir`, never read whole; absent, every stored file is read whole.
   */
  storedCopies?: { spoolDir: string; inMemoryBytes: number } | undefined;
  /** Keeps each set of trust lists an answer was made under, and finds an earlier one (trustSnapshot); absent: no reproduction. */
  trustSnapshots?: TrustSnapshots | undefined;
  /** Told when announcing a failure went wrong (it happens behind the answer, so nobody else would be). */
  onAnnounceError?: ((error: unknown) => void) | undefined;
  /** Verifies uploads as they arrive; absent, one over the engine with ARRIVING_MEMORY_BYTES of shared memory. */
  arriving?: ArrivingVerification | undefined;
}): ContentVerifier {
  const { engine, fetcher, store, signedAssets, events, cache, revocation, repository } = deps;
  const arriving = deps.arriving ?? createArrivingVerification({ engine });

  const keepTrustInForce = async (): Promise<void> => {
    await deps.trustSnapshots?.keepInForce();
  };

  /** c2pa-rs's crJSON of the file, as the answer; a file without a manifest store of its own has none. */
  function crJsonAnswer(verification: SerializedVerification, sidecar: Uint8Array | undefined): VerificationAnswer {
    if (sidecar) throw new DomainError('unprocessable', 'crjson_unsupported', 'crJSON is made of a file that carries its manifest store; a file with its .c2pa sidecar is verified as a pair, in the product\'s report only');
    if (verification.crJson === undefined) throw new DomainError('unprocessable', 'crjson_unsupported', 'crJSON is made of a file read in memory: a file this large is verified from disk, in the product\'s report only');
    if (verification.crJson === null) throw new DomainError('unprocessable', 'no_manifest_store', 'The file carries no Content Credentials: there is no crJSON report to give');
    return { json: verification.crJson, eventId: null };
  }

  /** The lists of an earlier trust snapshot asked for; 404 when this gateway never answered under it. */
  async function snapshotListsOf(id: string | undefined): Promise<readonly TrustList[] | undefined> {
    if (id === undefined) return undefined;
    const lists = await deps.trustSnapshots?.find(id);
    if (!lists) throw DomainError.notFound(`No trust snapshot ${id}: this gateway never answered under it`);
    return lists;
  }
  const manifestUrlOf = deps.manifestUrlOf ?? ((manifestId: string) => `/api/v1/sbr/manifests/${encodeURIComponent(manifestId)}`);

  /**
   * The stored signed asset's verdict: from the cache by the hash recorded at signing when it can be
   * (no read of the file), else verified from the store.
   */
  async function storedVerdict(row: SignedAssetRow, thumbnails: boolean): Promise<SerializedVerification> {
    const cached = row.sidecar ? undefined : cache.get(cacheKey(engine.trust.version, thumbnails, row.signedAssetHash));
    if (cached) return cached;
    const copies = deps.storedCopies;
    if (copies && !row.sidecar && row.signedBytes > copies.inMemoryBytes && BMFF_MIME_TYPES.has(row.mime)) {
      return withStoredCopy(row, copies.spoolDir, (path) => validateFile(path, row.mime, thumbnails, row.signedAssetHash, {}));
    }
    const { bytes, mime, manifest } = await loadStored(row.manifestId);
    return validate(bytes, mime, thumbnails, assetHashOf(undefined, bytes), manifest);
  }

  /** The stored signed file streamed into the spool folder for `use`, then removed. */
  async function withStoredCopy<T>(row: SignedAssetRow, spoolDir: string, use: (path: string) => Promise<T>): Promise<T> {
    const read = await store.open(row.id, 'signed');
    if (!read || read.kind !== 'whole' || !read.body) throw DomainError.notFound(`No signed asset with manifest ${row.manifestId}`);
    await mkdir(spoolDir, { recursive: true, mode: 0o700 });
    const path = join(spoolDir, `stored-${randomUUID()}`);
    try {
      await pipeline(read.body, createWriteStream(path, { mode: 0o600 }));
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async function loadStored(manifestId: string): Promise<{ bytes: Uint8Array; mime: string; manifest?: Uint8Array }> {
    const row = await signedAssets.findByManifestId(manifestId);
    const bytes = row ? await store.get(row.id, 'signed') : null;
    if (!row || !bytes) throw DomainError.notFound(`No signed asset with manifest ${manifestId}`);
    if (!row.sidecar) return { bytes, mime: row.mime };
    // A sidecar asset's file carries no manifest: it is verified with the store kept beside it.
    const manifest = await store.get(row.id, 'manifest.c2pa');
    if (!manifest) throw DomainError.notFound(`No manifest ${manifestId}`);
    return { bytes, mime: row.mime, manifest };
  }

  /** The format the bytes show; else the one their file name or declared type names. */
  async function mimeOf(bytes: Uint8Array, fileName?: string, declaredMime?: string): Promise<string> {
    const format = (await engine.detectFormat(bytes)) ?? (fileName ? formatFromFileName(fileName) : undefined) ?? (declaredMime ? findFormat(declaredMime.split(';')[0]!.trim()) : undefined);
    if (!format) throw new DomainError('unprocessable', 'unsupported_format', 'The file is not an image, video or other format Content Credentials can be read from');
    return format.mime;
  }

  // The same file with or without a sidecar (or with another one) is another verification.
  const cacheKey = (trustVersion: string, thumbnails: boolean, assetHash: string, manifest?: Uint8Array) => `${trustVersion}:${thumbnails ? 't' : '-'}:${assetHash}${manifest ? `:${sha256(manifest)}` : ''}`;

  /** The engine's verdict with its signer's revocation, when asked about, which bounds how long the verdict is reused. */
  const withRevocation = async (verdict: SerializedVerification) =>
    revocation ? revocation.apply(verdict) : { verification: { ...verdict, signingCredential: null }, validUntil: null };

  /**
   * The engine's verdict: the one started as the file arrived when it fits, else from the cache when
   * these exact bytes were verified under these anchors.
   */
  async function validate(bytes: Uint8Array, mime: string, thumbnails: boolean, assetHash: AssetHash, manifest?: Uint8Array, arrived?: ArrivingUpload | null, placement: Validation = {}): Promise<SerializedVerification> {
    // A reproduction: the cache and the early verdict are as of now under today's lists, and revocation is not asked then.
    if (isReproduction(placement)) {
      const asOf = { thumbnails, ...reproductionOf(placement) };
      return manifest ? engine.verifySerialized(bytes, mime, { ...asOf, manifest }, placement) : verifyWithRemoteManifest((remoteManifest) => engine.verifySerialized(bytes, mime, { ...asOf, ...(remoteManifest && { remoteManifest }) }, placement), fetchRemoteManifest);
    }
    // A verification started while the file arrived counts when it was of this file as it is verified now.
    const early = manifest ? null : arrived?.startedFor({ mime, size: bytes.byteLength, thumbnails });
    if (early) {
      // Under way since the file's first chunk: its verdict comes about as soon as the cache could
      // answer, which would first wait for the file's SHA-256 (hashed only when asked, as the worker
      // hashes the file itself: arriving/arriving-memory.ts). So the cache is not asked, and is given the
      // verdict once the hash is known.
      early.offerDigest();
      const hashing = assetHash();
      const head = await early.verdict;
      if (head) {
        const { verification: response, validUntil } = await withRevocation(head);
        hashing.then((hash) => cache.set(cacheKey(early.trustVersion, thumbnails, hash), response, validUntil?.getTime())).catch(() => undefined);
        return response;
      }
    }
    const key = cacheKey(engine.trust.version, thumbnails, await assetHash(), manifest);
    const cached = cache.get(key);
    if (cached) return cached;
    const verdict = manifest ? await engine.verifySerialized(bytes, mime, { thumbnails, manifest }, placement) : await validateUncached(bytes, mime, thumbnails, placement);
    const { verification: response, validUntil } = await withRevocation(verdict);
    cache.set(key, response, validUntil?.getTime());
    return response;
  }

  /** The engine never fetches: a remote manifest is fetched here, through the safe fetcher, once. */
  const fetchRemoteManifest = async (url: string): Promise<Uint8Array> => (await fetcher(url).catch(failedFetchOf('The remote manifest could not be fetched'))).bytes;

  async function validateUncached(bytes: Uint8Array, mime: string, thumbnails: boolean, placement: TaskPlacement): Promise<SerializedVerification> {
    return verifyWithRemoteManifest((remoteManifest) => engine.verifySerialized(bytes, mime, { thumbnails, ...(remoteManifest && { remoteManifest }) }, placement), fetchRemoteManifest);
  }

  /** validate() for a file on disk: the engine reads it as it needs, the cache keyed by its SHA-256 as for bytes. */
  async function validateFile(path: string, mime: string, thumbnails: boolean, assetHash: string, placement: Validation): Promise<SerializedVerification> {
    if (isReproduction(placement)) {
      const asOf = { thumbnails, ...reproductionOf(placement) };
      return verifyWithRemoteManifest((remoteManifest) => engine.verifyFileSerialized(path, mime, { ...asOf, ...(remoteManifest && { remoteManifest }) }, placement), fetchRemoteManifest);
    }
    const key = cacheKey(engine.trust.version, thumbnails, assetHash);
    const cached = cache.get(key);
    if (cached) return cached;
    const verdict = await verifyWithRemoteManifest((remoteManifest) => engine.verifyFileSerialized(path, mime, { thumbnails, ...(remoteManifest && { remoteManifest }) }, placement), fetchRemoteManifest);
    const { verification: response, validUntil } = await withRevocation(verdict);
    cache.set(key, response, validUntil?.getTime());
    return response;
  }

  /**
   * The repository's matches for a file without credentials: the earliest signing of matching content
   * is credited (with its manifest's own verification), and every matching signing is listed.
   */
  async function recover(bytes: Uint8Array, mime: string, assetHash: string, validation: Validation): Promise<TRecovery | null> {
    const matches = await repository!.lookup(bytes, assetHash, findFormat(mime)?.kind ?? 'unknown', validation);
    const credited = matches[0];
    if (!credited) return null;
    const { bytes: signedBytes, mime: signedMime, manifest } = await loadStored(credited.manifestId);
    const stored = JSON.parse((await validate(signedBytes, signedMime, false, assetHashOf(undefined, signedBytes), manifest, null, { at: validation.at, trustLists: validation.trustLists })).json) as VerifyResponse;
    return {
      manifestId: credited.manifestId,
      method: credited.method,
      similarity: credited.similarity,
      manifestUrl: manifestUrlOf(credited.manifestId),
      verification: stored.verification,
      candidates: matches.map((match) => ({
        manifestId: match.manifestId,
        organization: match.organization,
        signedAt: match.signedAt.toISOString(),
        trustedTimestampAt: match.trustedTimestampAt?.toISOString() ?? null,
        method: match.method,
        similarity: match.similarity,
      })),
    };
  }

  /** The verification of a stored signed asset (cached as any other). */
  async function verifyStored(manifestId: string, thumbnails = false): Promise<VerifyResponse> {
    const { bytes, mime, manifest } = await loadStored(manifestId);
    return JSON.parse((await validate(bytes, mime, thumbnails, assetHashOf(undefined, bytes), manifest)).json) as VerifyResponse;
  }

  /**
   * Content one of our accounts signed failed verification here (tampered, its signer revoked...):
   * the account hears of it. The owner is found by the manifest ID the file still names, and hears
   * only when the file's claim signature validates under the certificate its asset was signed with:
   * a manifest ID is public, and another signed file relabelled with it is not the owner's content.
   */
  async function announceFailure(accountEvents: AccountEvents, verification: SerializedVerification, source: FileSource, caller: VerifyCaller, verificationId: string): Promise<void> {
    const asset = await signedAssets.findByManifestId(verification.manifestId!);
    if (!asset) return;
    const { report, verification: failing } = JSON.parse(verification.json) as VerifyResponse;
    if (!failing.signatureValid || !report.signer) return;
    // The certificate recorded with the asset (its signing identity's); else the stored file's signer,
    // which costs reading and verifying it (the verdict cached).
    const ownersChain = (await deps.signingChainOf?.(asset)) ?? (await verifyStored(asset.manifestId)).report.signer?.certificateChainPem[0];
    if (!signedBySameCertificate({ verification: failing, signer: report.signer }, ownersChain)) return;
    const verifiedAt = new Date();
    await accountEvents.emit({
      type: 'verification.failed',
      accountId: asset.userId,
      occurredAt: verifiedAt,
      // A verification run again under the same event ID (a job item) is announced once.
      eventId: `verification.failed:${verificationId}`,
      data: {
        manifestId: verification.manifestId,
        assetId: asset.id,
        title: asset.title,
        status: verification.status,
        reason: verification.reason,
        failureCodes: [...new Set([...report.codes.failure, ...report.ingredientFailures].map((code) => code.code))],
        source: source.kind === 'spooled-upload' ? 'upload' : source.kind,
        sourceUrl: source.kind === 'url' ? source.url : null,
        referrer: caller.referrer ?? null,
        verificationId,
        verifiedAt: verifiedAt.toISOString(),
      },
    });
  }

  /** A fetched asset's file as a spooled upload: verified the same way, recorded as the URL's. */
  const asSpooled = (asset: DownloadedAsset): FileSource => ({
    kind: 'spooled-upload',
    path: asset.path,
    head: asset.head,
    sha256: asset.sha256,
    fileName: new URL(asset.finalUrl).pathname,
    withBytes: async (use) => use(await asset.read()),
  });

  /**
   * The verification of `source`, recorded as coming from `origin` (a URL fetched to a spool file is
   * verified as the spooled upload it became, and recorded as the URL it was).
   */
  async function verifyAs(source: FileSource, caller: VerifyCaller, origin: FileSource): Promise<VerificationAnswer> {
    // Over its share or not is asked as each step places its work (a flood's first requests drop behind others once refused).
    const validation: Validation = {
      get overShare() {
        return caller.overShare ?? false;
      },
      at: caller.at,
      trustLists: await snapshotListsOf(caller.trustSnapshot),
      crJson: caller.format === 'crjson',
    };
    let bytes: Uint8Array;
    let mime: string;
    let manifest: Uint8Array | undefined;
    let verification: SerializedVerification | undefined;
    if (source.kind === 'spooled-upload') {
      mime = await mimeOf(source.head, source.fileName, source.declaredMime);
      const { path: _path, head: _head, withBytes, ...upload } = source;
      // BMFF files are verified from disk rather than read back: the large media as they stream (up to
      // MAX_VIDEO_BYTES), the BMFF images exactly as from bytes (their size limit stays MAX_ASSET_BYTES).
      if (!BMFF_MIME_TYPES.has(mime)) return withBytes((fileBytes) => verifyAs({ ...upload, kind: 'upload', bytes: fileBytes }, caller, origin));
      const fromDisk = await validateFile(source.path, mime, caller.thumbnails ?? false, source.sha256, validation);
      // Video and audio: only the hash is looked up when unsigned, so no bytes are needed beside the
      // file. An unsigned image's lookup compares its pixels: read back for that alone.
      if (fromDisk.status === 'unsigned' && repository && !LARGE_MEDIA_TYPES.has(mime)) {
        return withBytes((fileBytes) => verifyAs({ ...upload, kind: 'upload', bytes: fileBytes }, caller, origin));
      }
      bytes = new Uint8Array(0);
      verification = fromDisk;
    } else if (source.kind === 'url' && deps.downloads) {
      return deps.downloads.withDownload(source.url, (asset) => verifyAs(asSpooled(asset), caller, origin));
    } else if (source.kind === 'url') {
      const fetched = await fetcher(source.url).catch(failedFetchOf('The asset could not be fetched'));
      bytes = fetched.bytes;
      mime = await mimeOf(bytes, new URL(fetched.finalUrl).pathname);
    } else if (source.kind === 'upload') {
      bytes = source.bytes;
      mime = await mimeOf(bytes, source.fileName, source.declaredMime);
      manifest = source.manifest;
    } else {
      ({ bytes, mime, manifest } = await loadStored(source.manifestId));
    }
    const assetHash = assetHashOf(source.kind === 'upload' || source.kind === 'spooled-upload' ? source.sha256 : undefined, bytes);
    verification ??= await validate(bytes, mime, caller.thumbnails ?? false, assetHash, manifest, source.kind === 'upload' ? source.arriving : null, validation);
    // Only a file with no credentials at all is looked up: an invalid one keeps its verdict (a match
    // never makes tampered or different content verified), and the file's own status stays unsigned.
    if (validation.crJson) return crJsonAnswer(verification, manifest);
    const recovery = verification.status === 'unsigned' && repository && !manifest ? await recover(bytes, mime, await assetHash(), validation) : null;
    const recoveryJson = recovery ? `"recovery":${JSON.stringify(recovery)},` : '';
    // A verification as of another time than now says what the file would prove then: it is not an
    // event of the file's life (no analytics, no failure alert to its owner).
    if (isReproduction(validation)) return { json: `{${recoveryJson}${verification.json.slice(1)}`, eventId: null };
    // The owner and signed asset are found from the manifest ID when the event is written.
    const eventId = events.record({
      ...(caller.eventId && { id: caller.eventId }),
      status: verification.status,
      reason: verification.reason,
      geoLocation: caller.geo ?? null,
      source: origin.kind === 'spooled-upload' ? 'upload' : origin.kind,
      manifestId: verification.manifestId,
      // Still being hashed, for an upload verified as it arrived: the event's write waits for it.
      assetHash: assetHash(),
      callerUserId: caller.userId ?? null,
      recovery: recovery && { method: recovery.method, similarity: recovery.similarity, manifestId: recovery.manifestId },
      referrer: caller.referrer ?? null,
      assetUrl: origin.kind === 'url' ? sightingUrl(origin.url) : null,
      trustLabel: verification.trustLabel,
      organization: verification.organization,
      jobItem: caller.jobItem ?? null,
    });
    if (verification.status === 'invalid' && verification.manifestId && deps.accountEvents) {
      // Behind the answer: finding the owner and queueing its notices never slow or fail a verification.
      announceFailure(deps.accountEvents, verification, origin, caller, eventId).catch((error: unknown) => deps.onAnnounceError?.(error));
    }
    // The event's ID joins the JSON the engine made, which is never parsed here (a UUID needs no escaping).
    return { json: `{"eventId":"${eventId}",${recoveryJson}${verification.json.slice(1)}`, eventId };
  }

  const mediaChecks = createMediaChecks({
    fetcher,
    verify: async (bytes, fileName, hash) => validate(bytes, await mimeOf(bytes, fileName), false, assetHashOf(hash, bytes)),
    cachedVerdict: (hash) => cache.get(cacheKey(engine.trust.version, false, hash)),
    lookup: repository && (async (bytes, fileName, hash) => repository.lookup(bytes, hash, findFormat(await mimeOf(bytes, fileName))?.kind ?? 'unknown')),
  });

  /**
   * A badge's check of manifest M against the media shown with it. The answer is M's verdict (the
   * media's own when it carries M, which may be invalid) with the check; the event counts for M's
   * owner as what it was: a mismatch is not a verification of M.
   */
  async function checkMedia(source: Extract<VerifySource, { kind: 'media' }>, caller: VerifyCaller): Promise<VerificationAnswer> {
    const row = await signedAssets.findByManifestId(source.manifestId);
    if (!row) throw DomainError.notFound(`No signed asset with manifest ${source.manifestId}`);
    const thumbnailUrl = row.hasThumbnail && deps.thumbnailUrlOf ? deps.thumbnailUrlOf(row.id) : null;
    const outcome = await mediaChecks.check({ manifestId: row.manifestId, signedAssetHash: row.signedAssetHash, assetHash: row.assetHash, thumbnailUrl }, source.url, source.sha256);
    const verification = outcome.ownVerdict ?? (await storedVerdict(row, caller.thumbnails ?? false));
    const matches = outcome.check.result === 'matches';
    const eventId = events.record({
      status: verification.status,
      reason: matches ? verification.reason : outcome.check.message,
      geoLocation: caller.geo ?? null,
      source: 'url',
      manifestId: row.manifestId,
      assetHash: outcome.sha256,
      callerUserId: caller.userId ?? null,
      referrer: caller.referrer ?? null,
      assetUrl: sightingUrl(source.url),
      trustLabel: verification.trustLabel,
      organization: verification.organization,
      mediaCheck: outcome.check.result,
    });
    if (matches && verification.status === 'invalid' && deps.accountEvents) {
      announceFailure(deps.accountEvents, verification, { kind: 'url', url: source.url }, caller, eventId).catch((error: unknown) => deps.onAnnounceError?.(error));
    }
    return { json: `{"eventId":"${eventId}","mediaCheck":${JSON.stringify(outcome.check)},${verification.json.slice(1)}`, eventId };
  }

  const verifier: ContentVerifier = {
    // A client over its share does not take a free worker ahead of the queue: it waits its turn
    // behind the others. As of a declared time (or for crJSON), a verdict as of now is of no use.
    arrivingUpload: (caller) =>
      arriving.upload({ wanted: () => !(caller.overShare || caller.at || caller.trustSnapshot || caller.format === 'crjson'), thumbnails: caller.thumbnails ?? false }),
    // The lists in force are kept before an answer names them (evidence.trustSnapshot), so it can always be reproduced.
    verifyContent: async (source, caller) => {
      await keepTrustInForce();
      return source.kind === 'media' ? checkMedia(source, caller) : verifyAs(source, caller, source);
    },
    verifyStored: async (manifestId, options = {}) => {
      await keepTrustInForce();
      return verifyStored(manifestId, options.thumbnails ?? false);
    },
    verifyStoredAsset: async (asset) => {
      await keepTrustInForce();
      return JSON.parse((await storedVerdict(asset, false)).json) as VerifyResponse;
    },
  };
  return verifier;
}
