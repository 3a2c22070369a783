// The engine as the server uses it: one claim signer (the local PKI's, made on first start) and
// one trust store (the bundled C2PA trust lists, our own root as tier gateway, the lists of
// TRUST_LISTS and the files of TRUST_ANCHORS), both loaded once, not per request. The trust store is
// replaced when the trust lists are refreshed (services/trust/trust-lists.ts). With TSA_URL, every
// signature carries an RFC 3161 timestamp, asked for through the server's safe fetcher; an
// authority that fails fails that sign task (502 timestamp_failed), and the signing service signs
// again with `withoutTimestamp`, the timestamp added later (services/timestamps/).
import {
  assetFormats,
  trustLoading,
  timestamping,
  ProvenanceError,
  createEnginePool,
  createPemSigner,
  type ClaimSigner,
  ensureLocalPki,
  createTrustStore,
  type AssetFormat,
  type EnginePool,
  type PoolSignOptions,
  type SignResult,
  type SigningMetadata,
  type TrustList,
  type TrustListSpec,
  type TrustStore,
  type VerifyResponse,
  type DiskSignResult,
  type DiskTimestampResult,
  type TimestampUpdateResult,
  type SerializedVerification,
  type SharedFilling,
  type TaskPlacement,
  type FileOnDisk,
  type TaskSource,
} from '@provenance/engine';
import { DomainError } from '../domain-error.ts';
import { createDeclaredTimePool } from './declared-time-pool.ts';

/** The engine pool's sign options (an account's signer among them), as the gateway's services give them. */
export type EngineSignOptions = PoolSignOptions;
/** The signer of a timestamp's update manifest: an account's, given as for a signing, else the gateway's own. */
export type EngineTimestampOptions = { signer?: EngineSignOptions['signer'] };
type PoolVerifyOptions = NonNullable<Parameters<EnginePool['verify']>[2]>;
/** How busy the pool's workers are, as the pool tells it. */
type EngineWorkersState = ReturnType<EnginePool['workers']>;
/** How a time-stamp query is POSTed (the server's safe fetcher), and the transport made of it. */
type PostBytes = Parameters<typeof timestamping.transportOver>[0];
type TimestampTransport = ReturnType<typeof timestamping.transportOver>;

export interface Engine {
  /** The trust store in force; its version changes when replaceTrust gives other lists. */
  readonly trust: TrustStore;
  /** The lists that store was made of (kept as its trust snapshot: trust-snapshots.ts). */
  trustLists(): readonly TrustList[];
  /** Where the root certificate users should trust is, for start-up messages and docs. */
  readonly rootCertificatePath: string;
  /** The local PKI's root (PEM), trusted as tier gateway. */
  readonly rootCertificatePem: string;
  /** The intermediate CA (DER) that issues the gateway's signing certificates: it answers for their revocation itself. */
  readonly issuingCertificate: Uint8Array | null;
  /** Verifies with these lists from now on (on every worker); verifications already running finish under the old ones. */
  replaceTrust(lists: readonly TrustList[]): Promise<void>;
  detectFormat(bytes: Uint8Array): Promise<AssetFormat | undefined>;
  /**
   * Signs as `options.signer` (an account's signing identity) when given, else as the gateway's own
   * signer. A file on disk (a spooled MP4, MOV or M4A) is signed into `options.output`: hashed as it
   * streams and copied with its manifest appended, never held whole (the engine's io/sign-file.ts).
   */
  sign(source: Uint8Array, mime: string, metadata: SigningMetadata, options?: EngineSignOptions): Promise<SignResult>;
  sign(source: FileOnDisk, mime: string, metadata: SigningMetadata, options: EngineSignOptions & { output: string }): Promise<DiskSignResult>;
  /**
   * Adds a trusted timestamp to a file signed without one (a C2PA update manifest over its claim
   * signature, the content untouched), on an engine worker, its tokens asked of TSA_URL through the
   * safe fetcher as a signing's are; the update manifest is signed as `options.signer`, else as the
   * gateway. A file on disk (MP4, MOV, M4A, HEIC, HEIF, AVIF) is timestamped into `options.output`,
   * never held whole. The authority failing (or none configured) is 502 `timestamp_failed`; a file
   * with nothing a timestamp could keep (no credentials, already timestamped, its certificate
   * expired) is 409 `nothing_to_timestamp`, with the engine's sentence. A video on disk whose
   * credentials sit before its media under a hash that would break if their box were freed is refused
   * from disk (the engine's SigningError, 422 `signing_failed`): such a file is timestamped in memory.
   */
  addTimestamp(source: Uint8Array, mime: string, options?: EngineTimestampOptions): Promise<TimestampUpdateResult>;
  addTimestamp(source: FileOnDisk, mime: string, options: EngineTimestampOptions & { output: string }): Promise<DiskTimestampResult>;
  /**
   * Verifies bytes, or a file on disk read as the engine asks (never held whole); `answer:
   * 'serialized'` serializes it where it was made (in the worker), for answering HTTP, placed in the
   * workers' queue as `placement` says (a caller over its fair share waits behind the others). A
   * reproduction (`at`, `trustLists`, `crJson`) runs on a worker of its own (declared-time-pool.ts).
   */
  verify(source: TaskSource, mime: string, options?: ReproducibleVerifyOptions & { answer?: 'report' }, placement?: TaskPlacement): Promise<VerifyResponse>;
  verify(source: TaskSource, mime: string, options: ReproducibleVerifyOptions & { answer: 'serialized' }, placement?: TaskPlacement): Promise<SerializedVerification>;
  /**
   * Starts verifying a file still arriving (an upload shared as it comes: the engine's
   * filling-source.ts) on an engine worker, serialized; null when no worker is free to start it now,
   * and the file is then verified once it has arrived.
   */
  verifyArriving(filling: SharedFilling, mime: string, options?: { thumbnails?: boolean }): Promise<SerializedVerification> | null;
  /** The engine workers' memory and how many were replaced for passing its bound. */
  workers(): EngineWorkersState;
}

/**
 * A verification's options, and what reproduces an earlier one: `at` (as of a declared time) and
 * `trustLists` (under an earlier trust snapshot's lists). Either sends it to a worker of its own.
 */
export type ReproducibleVerifyOptions = Omit<PoolVerifyOptions, 'at' | 'trustLists' | 'answer'> & { at?: Date; trustLists?: readonly TrustList[] };

export interface EngineOptions {
  pkiDir: string;
  trustAnchorFiles: readonly string[];
  /** TRUST_LISTS: named lists, tier custom or legacy. */
  trustLists?: readonly TrustListSpec[];
  /** Reads a list given by URL (the server's safe fetcher); without it, URL lists stop the start. */
  fetchTrustList?: (url: string) => Promise<string>;
  /** Trust the bundled C2PA trust list and TSA trust list (default true). */
  bundledTrustLists?: boolean;
  /**
   * Engine worker threads (c2pa-wasm runs on one thread, so one per core uses every core); at least
   * one, the default (tests run the pool the product runs, small).
   */
  workers?: number;
  /** Tasks that may wait for a worker before new ones are refused with 503. */
  maxQueue?: number;
  /** A worker whose c2pa-wasm memory passed this is replaced (the engine pool's `maxWorkerMemoryBytes`). */
  maxWorkerMemoryBytes?: number;
  /** TSA_URL, and the safe fetcher its time-stamp queries are POSTed through. */
  timestampAuthority?: { url: string; post: PostBytes };
}

/** The authority at `url` through the safe fetcher, its refusals said as the authority's failure. */
function authorityTransport({ url, post }: { url: string; post: PostBytes }): TimestampTransport {
  const transport = timestamping.transportOver(post, url);
  return async (request) => {
    try {
      return await transport(request);
    } catch (error) {
      // The fetcher speaks of "the asset server"; here the server is the time-stamping authority.
      throw new Error(error instanceof Error ? error.message.replace(/^The asset server /, 'it ') : String(error));
    }
  };
}


/** A timestamp that could not be had is the authority's failure: 502, and nothing was signed. */
function asDomainError(error: unknown): never {
  if (error instanceof ProvenanceError && error.code === 'timestamp_failed') throw DomainError.badGateway('timestamp_failed', error.message);
  throw error;
}

/** As a signing's, and a file with nothing to timestamp contradicts the request: 409. */
function asTimestampDomainError(error: unknown): never {
  if (error instanceof timestamping.NothingToTimestampError) throw new DomainError('conflict', 'nothing_to_timestamp', error.message);
  return asDomainError(error);
}

export async function createEngine(options: EngineOptions): Promise<Engine & { pkiCreated: boolean; close: () => Promise<void> }> {
  const { pki, created } = await ensureLocalPki(options.pkiDir);
  const signer: ClaimSigner = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const loaded = await trustLoading.loadTrust({
    anchorFiles: options.trustAnchorFiles,
    localRootPem: pki.rootCertificatePem,
    bundledLists: options.bundledTrustLists ?? true,
    lists: options.trustLists ?? [],
    ...(options.fetchTrustList && { fetchList: options.fetchTrustList }),
  }).catch((error: unknown) => {
    // The server stops at start naming the setting and the file.
    throw error instanceof trustLoading.TrustAnchorFileError ? new Error(`${error.list ? 'TRUST_LISTS' : 'TRUST_ANCHORS'}: ${error.message}`) : error;
  });
  let trust = loaded.trust;
  const timestampTransport = options.timestampAuthority && authorityTransport(options.timestampAuthority);
  let listsInForce: readonly TrustList[] = loaded.lists;
  const declaredTime = createDeclaredTimePool(() => listsInForce);
  const pool = await createEnginePool({
    workers: Math.max(1, options.workers ?? 1),
    ...(options.maxQueue !== undefined && { maxQueue: options.maxQueue }),
    ...(options.maxWorkerMemoryBytes !== undefined && { maxWorkerMemoryBytes: options.maxWorkerMemoryBytes }),
    signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem },
    trustAnchorPems: loaded.lists,
    ...(timestampTransport && { timestampTransport }),
  });
  return {
    rootCertificatePath: pki.rootCertificatePath,
    rootCertificatePem: pki.rootCertificatePem,
    issuingCertificate: signer.certificateChain[1] ?? null,
    pkiCreated: created,
    detectFormat: assetFormats.detectFormat,
    get trust() {
      return trust;
    },
    trustLists: () => listsInForce,
    async replaceTrust(lists) {
      const next = createTrustStore(lists);
      listsInForce = lists;
      await Promise.all([pool.updateTrust([...lists]), declaredTime.updateTrust(lists)]);
      // The version moves only once every worker judges by the new lists, so a cached verdict
      // under the new version was never made under the old lists.
      trust = next;
    },
    // Timestamps come from the pool's own transport; workers sign at their own current time.
    sign: ((source: Uint8Array | FileOnDisk, mime: string, metadata: SigningMetadata, signOptions?: EngineSignOptions) =>
      pool.sign(source as Uint8Array, mime, metadata, signOptions).catch(asDomainError)) as Engine['sign'],
    addTimestamp: ((source: Uint8Array | FileOnDisk, mime: string, timestampOptions?: EngineTimestampOptions & { output?: string }) =>
      pool.addTimestamp(source as Uint8Array, mime, timestampOptions).catch(asTimestampDomainError)) as Engine['addTimestamp'],
    verify: ((source: TaskSource, mime: string, verifyOptions: ReproducibleVerifyOptions & { answer?: 'report' | 'serialized' } = {}, placement?: TaskPlacement) => {
      const { at, trustLists, ...now } = verifyOptions;
      // A reproduction (as of a declared time, or under an earlier snapshot's lists) goes to its own
      // worker (declared-time-pool.ts): a pinned clock never touches another task.
      if (at || trustLists || now.crJson) return declaredTime.verify(source, mime, { ...now, ...(at && { at: at.getTime() }), ...(trustLists && { trustLists: [...trustLists] }) } as PoolVerifyOptions & { answer: 'serialized' }, placement);
      return pool.verify(source, mime, now as PoolVerifyOptions & { answer: 'serialized' }, placement);
    }) as Engine['verify'],
    // Only on a free worker: one that waits for a slow upload must not hold up tasks queued behind it.
    verifyArriving: (filling, mime, verifyOptions) => (pool.idle() > 0 ? pool.verify({ filling }, mime, { ...verifyOptions, answer: 'serialized' }) : null),
    workers: () => pool.workers(),
    close: async () => {
      await Promise.all([pool.close(), declaredTime.close()]);
    },
  };
}
