// Verifies content for the API: fetches an asset URL through the safe fetcher, reads an upload, or
// loads a signed asset we hold by manifest ID; takes its verdict (file-verdicts.ts: the cache, a
// verification started as it arrived, or the engine, fetching a remote manifest safely when the asset
// names one, with its signer's revocation asked); looks a file without credentials up in the
// manifest repository; records the verification event (written behind) and tells the owner of
// signed content that failed (failure-announcement.ts). An asset URL is fetched to a spool file when
// the server has one (asset-download.ts) and then verified as a spooled upload is: a BMFF file from
// disk (a video up to the video limit), anything else read back into memory.
import { assetFormats, type SerializedVerification, type TrustList, type VerifyResponse } from '@provenance/engine';
import type { TRecovery } from '@provenance/contracts';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import type { AssetDownloads, DownloadedAsset } from '../fetching/asset-download.ts';
import { failedFetchOf } from '../fetching/fetch-purpose.ts';
import type { AssetStore } from '../assets/asset-store.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import type { Engine } from '../engine/engine.ts';
import type { NamedActorRevocation } from '../revocation/named-actor-revocation.ts';
import type { SignerRevocation } from '../revocation/signer-revocation.ts';
import type { ManifestRepository } from '../manifest-repository/manifest-repository.ts';
import { createArrivingVerification, type ArrivingUpload, type ArrivingVerification } from './arriving/arriving-verification.ts';
import { createFailureAnnouncer } from './failure-announcement.ts';
import { assetHashOf, createFileVerdicts, isReproduction, type Validation } from './file-verdicts.ts';
import { sightingUrl } from './sighting-url.ts';
import { createMediaChecks } from './media-check.ts';
import { createStoredVerdicts } from './stored-verdicts.ts';
import type { VerificationCache } from './verification-cache.ts';
import type { TrustSnapshots } from '../trust/trust-snapshots.ts';
import type { VerificationEvents } from './verification-events.ts';
import type { FileSource, VerificationAnswer, VerifyCaller, VerifySource } from './verify-request.ts';
const { BMFF_MIME_TYPES, findFormat, LARGE_MEDIA_TYPES } = assetFormats;

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
  engine: Engine;
  fetcher: SafeFetch;
  /** Asset URLs are fetched to a spool file through these; absent, into memory through `fetcher` (up to its limit). */
  downloads?: AssetDownloads | undefined;
  store: AssetStore;
  signedAssets: SignedAssets;
  events: VerificationEvents;
  cache: VerificationCache;
  /** Asks about the signer's revocation (OCSP); absent with OCSP=off. */
  revocation?: SignerRevocation | undefined;
  /** Applies the gateway's own revocation records to the named actors' credentials (CAWG identities). */
  namedActors?: NamedActorRevocation | undefined;
  /** Looks a file without credentials up in the manifest repository; absent: no recovery. */
  repository?: ManifestRepository | undefined;
  /** Where a recovered manifest's store is served. */
  manifestUrlOf: (manifestId: string) => string;
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
  const { engine, fetcher, signedAssets, events, repository } = deps;
  const arriving = deps.arriving ?? createArrivingVerification({ engine });
  const verdicts = createFileVerdicts({ engine, fetcher, cache: deps.cache, revocation: deps.revocation, namedActors: deps.namedActors });
  const { mimeOf, validate, validateFile } = verdicts;
  const stored = createStoredVerdicts({ store: deps.store, signedAssets, verdicts, storedCopies: deps.storedCopies });
  const announceFailure = deps.accountEvents && createFailureAnnouncer({ signedAssets, accountEvents: deps.accountEvents, signingChainOf: deps.signingChainOf, verifyStored: (manifestId) => stored.verify(manifestId) });

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
  const { manifestUrlOf } = deps;

  /**
   * The repository's matches for a file without credentials: the earliest signing of matching content
   * is credited (with its manifest's own verification), and every matching signing is listed.
   */
  async function recover(bytes: Uint8Array, mime: string, assetHash: string, validation: Validation): Promise<TRecovery | null> {
    const matches = await repository!.lookup(bytes, assetHash, findFormat(mime)?.kind ?? 'unknown', validation);
    const credited = matches[0];
    if (!credited) return null;
    const { bytes: signedBytes, mime: signedMime, manifest } = await stored.load(credited.manifestId);
    const creditedVerification = JSON.parse((await validate(signedBytes, signedMime, false, assetHashOf(undefined, signedBytes), manifest, null, { at: validation.at, trustLists: validation.trustLists })).json) as VerifyResponse;
    return {
      manifestId: credited.manifestId,
      method: credited.method,
      similarity: credited.similarity,
      manifestUrl: manifestUrlOf(credited.manifestId),
      verification: creditedVerification.verification,
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
      ({ bytes, mime, manifest } = await stored.load(source.manifestId));
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
    if (verification.status === 'invalid' && verification.manifestId && announceFailure) {
      // Behind the answer: finding the owner and queueing its notices never slow or fail a verification.
      announceFailure(verification, origin, caller, eventId).catch((error: unknown) => deps.onAnnounceError?.(error));
    }
    // The event's ID joins the JSON the engine made, which is never parsed here (a UUID needs no escaping).
    return { json: `{"eventId":"${eventId}",${recoveryJson}${verification.json.slice(1)}`, eventId };
  }

  const mediaChecks = createMediaChecks({
    fetcher,
    verify: async (bytes, fileName, hash) => validate(bytes, await mimeOf(bytes, fileName), false, assetHashOf(hash, bytes)),
    cachedVerdict: (hash) => verdicts.cached(hash, false),
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
    const outcome = await mediaChecks.check({ manifestId: row.manifestId, signedAssetHash: row.signedAssetHash, previousSignedAssetHash: row.previousSignedAssetHash, assetHash: row.assetHash, thumbnailUrl }, source.url, source.sha256);
    const verification = outcome.ownVerdict ?? (await stored.verdict(row, caller.thumbnails ?? false));
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
    if (matches && verification.status === 'invalid' && announceFailure) {
      announceFailure(verification, { kind: 'url', url: source.url }, caller, eventId).catch((error: unknown) => deps.onAnnounceError?.(error));
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
      return stored.verify(manifestId, options.thumbnails ?? false);
    },
    verifyStoredAsset: async (asset) => {
      await keepTrustInForce();
      return JSON.parse((await stored.verdict(asset, false)).json) as VerifyResponse;
    },
  };
  return verifier;
}
