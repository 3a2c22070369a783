// The engine as the server uses it: one claim signer (the local PKI's, made on first start) and
// one trust store (the bundled C2PA trust lists, our own root as tier gateway, the lists of
// TRUST_LISTS and the files of TRUST_ANCHORS), both loaded once, not per request. The trust store is
// replaced when the trust lists are refreshed (services/trust/trust-lists.ts). With TSA_URL, every
// signature carries an RFC 3161 timestamp, asked for through the server's safe fetcher; an
// authority that fails fails the signing (502), never leaving an unstamped manifest.
import {
  createRfc3161Timestamper,
  ProvenanceError,
  timestampTransportOver,
  type PostBytes,
  type TimestampTransport,
  createEnginePool,
  createPemSigner,
  detectFormat,
  ensureLocalPki,
  loadTrust,
  TrustAnchorFileError,
  sign,
  createTrustStore,
  verify,
  type AssetFormat,
  type ClaimSigner,
  type SignOptions,
  type SignResult,
  type SigningMetadata,
  type TrustList,
  type TrustListSpec,
  type TrustStore,
  type VerifyOptions,
  type VerifyResponse,
  serializeVerification,
  verifyWithCredential,
  verifySourceWithCredential,
  withFileSource,
  signFromDisk,
  verifySource,
  type DiskSignResult,
  type SerializedVerification,
  type SignerMaterial,
  type SharedFilling,
  type TaskPlacement,
  type EngineWorkersState,
} from '@provenance/engine';
import { DomainError } from '../domain-error.ts';
import { createDeclaredTimePool } from './declared-time-pool.ts';

export interface GatewayEngine {
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
   * Signs as `signer` (an account's signing identity) when given, else as the gateway's own signer;
   * `identity`: the organisation the manifest names as its actor (a CAWG identity assertion signed
   * with that credential, the engine's signer/identity-assertion.ts).
   */
  sign(bytes: Uint8Array, mime: string, metadata: SigningMetadata, options?: SignOptions, signer?: SignerMaterial | ClaimSigner, identity?: SignerMaterial | ClaimSigner): Promise<SignResult>;
  verify(bytes: Uint8Array, mime: string, options?: Omit<VerifyOptions, 'trust' | 'at'>): Promise<VerifyResponse>;
  /**
   * The same verification serialized where it was made (in the worker), for answering HTTP; placed in
   * the workers' queue as `placement` says (a caller over its fair share waits behind the others).
   * With `at`, as of that instant, on a worker of its own (declared-time-pool.ts).
   */
  verifySerialized(bytes: Uint8Array, mime: string, options?: ReproducibleVerifyOptions, placement?: TaskPlacement): Promise<SerializedVerification>;
  /**
   * Signs the MP4, MOV or M4A file at `path` into `outPath` (a spooled video): hashed as it streams
   * and copied with its manifest appended, never held whole (the engine's io/sign-file.ts).
   */
  signFile(path: string, outPath: string, mime: string, metadata: SigningMetadata, signer?: SignerMaterial | ClaimSigner, identity?: SignerMaterial | ClaimSigner): Promise<DiskSignResult>;
  /** Verifies a file on disk read as the engine asks (a signed video): never held whole. */
  verifyFile(path: string, mime: string): Promise<VerifyResponse>;
  /** The same, of a file on disk read as the engine asks (a spooled video): never held whole. */
  verifyFileSerialized(path: string, mime: string, options?: Omit<ReproducibleVerifyOptions, 'manifest'>, placement?: TaskPlacement): Promise<SerializedVerification>;
  /**
   * Starts verifying a file still arriving (an upload shared as it comes: the engine's
   * filling-source.ts) on an engine worker, serialized; null when no worker is free to start it now
   * (or the engine runs on the server's thread), and the file is then verified once it has arrived.
   */
  verifyArriving(filling: SharedFilling, mime: string, options?: { thumbnails?: boolean }): Promise<SerializedVerification> | null;
  /** The engine workers' memory and how many were replaced for passing its bound; null when the engine runs on the server's thread. */
  workers(): EngineWorkersState | null;
}

/**
 * A verification's options, and what reproduces an earlier one: `at` (as of a declared time) and
 * `trustLists` (under an earlier trust snapshot's lists). Either sends it to a worker of its own.
 */
export type ReproducibleVerifyOptions = Omit<VerifyOptions, 'trust'> & { trustLists?: readonly TrustList[]; crJson?: boolean };

export interface GatewayEngineOptions {
  pkiDir: string;
  trustAnchorFiles: readonly string[];
  /** TRUST_LISTS: named lists, tier custom or legacy. */
  trustLists?: readonly TrustListSpec[];
  /** Reads a list given by URL (the server's safe fetcher); without it, URL lists stop the start. */
  fetchTrustList?: (url: string) => Promise<string>;
  /** Trust the bundled C2PA trust list and TSA trust list (default true). */
  bundledTrustLists?: boolean;
  /**
   * Engine worker threads (c2pa-wasm runs on one thread, so one per core uses every core);
   * 0 runs the engine on the server's own thread, as most tests do.
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
  const transport = timestampTransportOver(post, url);
  return async (request) => {
    try {
      return await transport(request);
    } catch (error) {
      // The fetcher speaks of "the asset server"; here the server is the time-stamping authority.
      throw new Error(error instanceof Error ? error.message.replace(/^The asset server /, 'it ') : String(error));
    }
  };
}

/** A signing identity's key and chain made a signer on this thread; a signer (a remote service's) as it is. */
const asClaimSigner = (given: SignerMaterial | ClaimSigner): ClaimSigner => ('sign' in given ? given : createPemSigner(given));

/** A timestamp that could not be had is the authority's failure: 502, and nothing was signed. */
function asDomainError(error: unknown): never {
  if (error instanceof ProvenanceError && error.code === 'timestamp_failed') throw DomainError.badGateway('timestamp_failed', error.message);
  throw error;
}

export async function createGatewayEngine(options: GatewayEngineOptions): Promise<GatewayEngine & { pkiCreated: boolean; close: () => Promise<void> }> {
  const { pki, created } = await ensureLocalPki(options.pkiDir);
  const signer: ClaimSigner = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const loaded = await loadTrust({
    anchorFiles: options.trustAnchorFiles,
    localRootPem: pki.rootCertificatePem,
    bundledLists: options.bundledTrustLists ?? true,
    lists: options.trustLists ?? [],
    ...(options.fetchTrustList && { fetchList: options.fetchTrustList }),
  }).catch((error: unknown) => {
    // The server stops at start naming the setting and the file.
    throw error instanceof TrustAnchorFileError ? new Error(`${error.list ? 'TRUST_LISTS' : 'TRUST_ANCHORS'}: ${error.message}`) : error;
  });
  let trust = loaded.trust;
  const timestampTransport = options.timestampAuthority && authorityTransport(options.timestampAuthority);
  // Spreading would copy a getter's value once: each engine below defines its own `trust` getter.
  const common = {
    rootCertificatePath: pki.rootCertificatePath,
    rootCertificatePem: pki.rootCertificatePem,
    issuingCertificate: signer.certificateChain[1] ?? null,
    pkiCreated: created,
    detectFormat,
  };
  const timestamper = timestampTransport && createRfc3161Timestamper(timestampTransport);
  let listsInForce: readonly TrustList[] = loaded.lists;
  const declaredTime = createDeclaredTimePool(() => listsInForce);
  type Reproduction = { at?: number; trustLists?: TrustList[]; crJson?: boolean };
  /**
   * A reproduction (as of a declared time, or under an earlier snapshot's lists) goes to its own
   * worker (declared-time-pool.ts): a pinned clock never touches this thread or another task.
   */
  const asOf = <T>(verifyOptions: ReproducibleVerifyOptions | undefined, otherwise: (now: Omit<VerifyOptions, 'trust' | 'at'>) => Promise<T>, then: (reproduction: Reproduction, now: Omit<VerifyOptions, 'trust' | 'at'>) => Promise<T>): Promise<T> => {
    const { at, trustLists, crJson, ...now } = verifyOptions ?? {};
    if (!at && !trustLists && !crJson) return otherwise(now);
    return then({ ...(at && { at: at.getTime() }), ...(trustLists && { trustLists: [...trustLists] }), ...(crJson && { crJson }) }, now);
  };
  const replaceDeclaredTimeTrust = async (lists: readonly TrustList[]) => {
    listsInForce = lists;
    await declaredTime.updateTrust(lists);
  };
  if (options.workers && options.workers > 0) {
    const pool = await createEnginePool({
      workers: options.workers,
      ...(options.maxQueue !== undefined && { maxQueue: options.maxQueue }),
      ...(options.maxWorkerMemoryBytes !== undefined && { maxWorkerMemoryBytes: options.maxWorkerMemoryBytes }),
      signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem },
      trustAnchorPems: loaded.lists,
      ...(timestampTransport && { timestampTransport }),
    });
    return {
      ...common,
      get trust() {
        return trust;
      },
      trustLists: () => listsInForce,
      async replaceTrust(lists) {
        const next = createTrustStore(lists);
        await Promise.all([pool.updateTrust([...lists]), replaceDeclaredTimeTrust(lists)]);
        // The version moves only once every worker judges by the new lists, so a cached verdict
        // under the new version was never made under the old lists.
        trust = next;
      },
      // A clock function cannot cross into a worker thread; workers sign at their own current time.
      // Timestamps come from the pool's own transport (a function cannot cross either).
      sign: (bytes, mime, metadata, { now: _now, timestamper: _timestamper, identity: _identity, ...signOptions } = {}, accountSigner, identity) =>
        pool.sign(bytes, mime, metadata, signOptions, accountSigner, identity).catch(asDomainError),
      verify: (bytes, mime, verifyOptions) => pool.verify(bytes, mime, verifyOptions),
      verifySerialized: (bytes, mime, verifyOptions, placement) =>
        asOf(verifyOptions, (now) => pool.verifySerialized(bytes, mime, now, placement), (reproduction, now) => declaredTime.verifySerialized(bytes, mime, { ...now, ...reproduction }, placement)),
      verifyFileSerialized: (path, mime, verifyOptions, placement) =>
        asOf(verifyOptions, (now) => pool.verifyFileSerialized(path, mime, now, placement), (reproduction, now) => declaredTime.verifyFileSerialized(path, mime, { ...now, ...reproduction }, placement)),
      signFile: (path, outPath, mime, metadata, accountSigner, identity) => pool.signFile(path, outPath, mime, metadata, accountSigner, identity).catch(asDomainError),
      verifyFile: (path, mime) => pool.verifyFile(path, mime),
      // Only on a free worker: one that waits for a slow upload must not hold up tasks queued behind it.
      verifyArriving: (filling, mime, verifyOptions) => (pool.idle() > 0 ? pool.verifyFillingSerialized(filling, mime, verifyOptions) : null),
      workers: () => pool.workers(),
      close: async () => {
        await Promise.all([pool.close(), declaredTime.close()]);
      },
    };
  }
  return {
    ...common,
    get trust() {
      return trust;
    },
    trustLists: () => listsInForce,
    async replaceTrust(lists) {
      trust = createTrustStore(lists);
      await replaceDeclaredTimeTrust(lists);
    },
    sign: (bytes, mime, metadata, signOptions, accountSigner, identity) =>
      sign(bytes, mime, metadata, accountSigner ? asClaimSigner(accountSigner) : signer, { ...(timestamper && { timestamper }), ...signOptions, ...(identity && { identity: { credential: asClaimSigner(identity) } }) }).catch(asDomainError),
    verify: (bytes, mime, verifyOptions) => verify(bytes, mime, { ...verifyOptions, trust }),
    verifySerialized: (bytes, mime, verifyOptions, placement) =>
      asOf(
        verifyOptions,
        async (now) => {
          const { response, signingCredential, certificatesEnd } = await verifyWithCredential(bytes, mime, { ...now, trust, evidence: true });
          return serializeVerification(response, signingCredential, certificatesEnd);
        },
        (reproduction, now) => declaredTime.verifySerialized(bytes, mime, { ...now, ...reproduction }, placement),
      ),
    verifyFileSerialized: (path, mime, verifyOptions, placement) =>
      asOf(
        verifyOptions,
        (now) =>
          withFileSource(path, async (source) => {
            const { response, signingCredential, certificatesEnd } = await verifySourceWithCredential(source, mime, { ...now, trust, evidence: true });
            return serializeVerification(response, signingCredential, certificatesEnd);
          }),
        (reproduction, now) => declaredTime.verifyFileSerialized(path, mime, { ...now, ...reproduction }, placement),
      ),
    signFile: (path, outPath, mime, metadata, accountSigner, identity) =>
      signFromDisk(path, outPath, mime, metadata, accountSigner ? asClaimSigner(accountSigner) : signer, timestamper, identity && { credential: asClaimSigner(identity) }).catch(asDomainError),
    verifyFile: (path, mime) => withFileSource(path, (source) => verifySource(source, mime, { trust })),
    // On this thread, verifying while the body arrives would only slow its reading.
    verifyArriving: () => null,
    workers: () => null,
    close: () => declaredTime.close(),
  };
}
