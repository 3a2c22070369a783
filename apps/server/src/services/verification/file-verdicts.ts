// The engine's verdict of a file, as the verifier uses it: the format told, the verdict taken from the
// verification cache when these exact bytes (by SHA-256) were verified under the same trust anchors,
// or from a verification started as the file arrived when it fits (arriving/), else the engine's
// (a remote manifest fetched here through the safe fetcher: the engine never fetches), with the
// signer's revocation asked (OCSP). A reproduction (as of a declared time, under an earlier
// snapshot's lists, or c2pa-rs's crJSON) never comes from or goes into the cache. engineVerdict is
// the one place the verifier asks the engine to verify a file.
import { createHash } from 'node:crypto';
import { assetFormats, type SerializedVerification, type TaskPlacement, type TrustList, verifyWithRemoteManifest } from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import { failedFetchOf } from '../fetching/fetch-purpose.ts';
import type { Engine } from '../engine/engine.ts';
import type { NamedActorRevocation } from '../revocation/named-actor-revocation.ts';
import type { SignerRevocation } from '../revocation/signer-revocation.ts';
import type { ArrivingUpload } from './arriving/arriving-verification.ts';
import type { VerificationCache } from './verification-cache.ts';
const { findFormat, formatFromFileName } = assetFormats;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A file's SHA-256 (hex), computed once, when first asked. */
export type AssetHash = () => Promise<string>;

export function assetHashOf(given: (() => Promise<string>) | string | undefined, bytes: Uint8Array): AssetHash {
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

/**
 * How a verification is made: placed in the engine's queue, and as of now under the lists in force,
 * or reproduced (as of a declared time, under an earlier snapshot's lists).
 */
export type Validation = TaskPlacement & { at?: Date | undefined; trustLists?: readonly TrustList[] | undefined; crJson?: boolean | undefined };

/** A verification that is not the file's verdict now (a reproduction, or c2pa-rs's crJSON): never cached, never an event. */
export const isReproduction = (validation: Validation): boolean => validation.at !== undefined || validation.trustLists !== undefined || validation.crJson === true;
/** The engine's options of a reproduction. */
const reproductionOf = (validation: Validation) => ({
  ...(validation.at && { at: validation.at }),
  ...(validation.trustLists && { trustLists: validation.trustLists }),
  ...(validation.crJson && { crJson: true }),
});

export interface FileVerdicts {
  /** The format the bytes show; else the one their file name or declared type names (422 when none). */
  mimeOf(bytes: Uint8Array, fileName?: string, declaredMime?: string): Promise<string>;
  /** The cached verdict of a file (by its SHA-256) under the trust lists in force, when there is one. */
  cached(assetHash: string, thumbnails: boolean): SerializedVerification | undefined;
  /**
   * The verdict of a file in memory: the one started as it arrived when it fits, else from the cache
   * when these exact bytes were verified under these anchors, else the engine's.
   */
  validate(bytes: Uint8Array, mime: string, thumbnails: boolean, assetHash: AssetHash, manifest?: Uint8Array, arrived?: ArrivingUpload | null, placement?: Validation): Promise<SerializedVerification>;
  /** validate() for a file on disk: the engine reads it as it needs, the cache keyed by its SHA-256 as for bytes. */
  validateFile(path: string, mime: string, thumbnails: boolean, assetHash: string, placement: Validation): Promise<SerializedVerification>;
}

export function createFileVerdicts(deps: {
  engine: Engine;
  fetcher: SafeFetch;
  cache: VerificationCache;
  /** Asks about the signer's revocation (OCSP); absent with OCSP=off. */
  revocation?: SignerRevocation | undefined;
  /** Applies the gateway's own revocation records to the named actors' credentials; absent, they are not asked about. */
  namedActors?: NamedActorRevocation | undefined;
}): FileVerdicts {
  const { engine, fetcher, cache, revocation, namedActors } = deps;

  /** The engine never fetches: a remote manifest is fetched here, through the safe fetcher, once. */
  const fetchRemoteManifest = async (url: string): Promise<Uint8Array> => (await fetcher(url).catch(failedFetchOf('The remote manifest could not be fetched'))).bytes;

  /**
   * The engine's verdict of a file in memory or on disk, as of now or reproduced. A file with its
   * .c2pa sidecar is verified as the pair; any other may name a remote manifest, fetched then.
   */
  async function engineVerdict(file: { bytes: Uint8Array } | { path: string }, mime: string, thumbnails: boolean, validation: Validation, manifest?: Uint8Array): Promise<SerializedVerification> {
    const options = { thumbnails, ...reproductionOf(validation) };
    const verifyOnce = (remoteManifest?: Parameters<Parameters<typeof verifyWithRemoteManifest>[0]>[0]) => {
      const given = { ...options, ...(manifest && { manifest }), ...(remoteManifest && { remoteManifest }), answer: 'serialized' as const };
      return engine.verify('path' in file ? { path: file.path } : file.bytes, mime, given, validation);
    };
    return manifest ? verifyOnce() : verifyWithRemoteManifest(verifyOnce, fetchRemoteManifest);
  }

  /** The format the bytes show; else the one their file name or declared type names. */
  async function mimeOf(bytes: Uint8Array, fileName?: string, declaredMime?: string): Promise<string> {
    const format = (await engine.detectFormat(bytes)) ?? (fileName ? formatFromFileName(fileName) : undefined) ?? (declaredMime ? findFormat(declaredMime.split(';')[0]!.trim()) : undefined);
    if (!format) throw new DomainError('unprocessable', 'unsupported_format', 'The file is not an image, video or other format Content Credentials can be read from');
    return format.mime;
  }

  // The same file with or without a sidecar (or with another one) is another verification.
  const cacheKey = (trustVersion: string, thumbnails: boolean, assetHash: string, manifest?: Uint8Array) => `${trustVersion}:${thumbnails ? 't' : '-'}:${assetHash}${manifest ? `:${sha256(manifest)}` : ''}`;

  /**
   * The engine's verdict with its named actors' revocation (from the gateway's own records, which a
   * revocation clears the cache for) and its signer's, when asked about, which bounds how long the verdict is reused.
   */
  const withRevocation = async (engineVerdict: SerializedVerification) => {
    const verdict = namedActors ? await namedActors.apply(engineVerdict) : { ...engineVerdict, identityCredentials: undefined };
    return revocation ? revocation.apply(verdict) : { verification: { ...verdict, signingCredential: null }, validUntil: null };
  };

  /**
   * The engine's verdict: the one started as the file arrived when it fits, else from the cache when
   * these exact bytes were verified under these anchors.
   */
  async function validate(bytes: Uint8Array, mime: string, thumbnails: boolean, assetHash: AssetHash, manifest?: Uint8Array, arrived?: ArrivingUpload | null, placement: Validation = {}): Promise<SerializedVerification> {
    // A reproduction: the cache and the early verdict are as of now under today's lists, and revocation is not asked then.
    if (isReproduction(placement)) return engineVerdict({ bytes }, mime, thumbnails, placement, manifest);
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
    const verdict = await engineVerdict({ bytes }, mime, thumbnails, placement, manifest);
    const { verification: response, validUntil } = await withRevocation(verdict);
    cache.set(key, response, validUntil?.getTime());
    return response;
  }

  /** validate() for a file on disk: the engine reads it as it needs, the cache keyed by its SHA-256 as for bytes. */
  async function validateFile(path: string, mime: string, thumbnails: boolean, assetHash: string, placement: Validation): Promise<SerializedVerification> {
    if (isReproduction(placement)) return engineVerdict({ path }, mime, thumbnails, placement);
    const key = cacheKey(engine.trust.version, thumbnails, assetHash);
    const cached = cache.get(key);
    if (cached) return cached;
    const verdict = await engineVerdict({ path }, mime, thumbnails, placement);
    const { verification: response, validUntil } = await withRevocation(verdict);
    cache.set(key, response, validUntil?.getTime());
    return response;
  }

  return {
    mimeOf,
    cached: (assetHash, thumbnails) => cache.get(cacheKey(engine.trust.version, thumbnails, assetHash)),
    validate,
    validateFile,
  };
}
