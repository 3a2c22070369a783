// The engine as the server uses it: one claim signer (the local PKI's, made on first start) and
// one trust store (the bundled C2PA trust lists, our own root as tier gateway, the lists of
// TRUST_LISTS and the files of TRUST_ANCHORS), both loaded once, not per request. The trust store is
// replaced when the trust lists are refreshed (services/trust/trust-lists.ts).
import {
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
  type SerializedVerification,
} from '@provenance/engine';

export interface GatewayEngine {
  /** The trust store in force; its version changes when replaceTrust gives other lists. */
  readonly trust: TrustStore;
  /** Where the root certificate users should trust is, for start-up messages and docs. */
  readonly rootCertificatePath: string;
  /** The local PKI's root (PEM), trusted as tier gateway. */
  readonly rootCertificatePem: string;
  /** Verifies with these lists from now on (on every worker); verifications already running finish under the old ones. */
  replaceTrust(lists: readonly TrustList[]): Promise<void>;
  detectFormat(bytes: Uint8Array): Promise<AssetFormat | undefined>;
  sign(bytes: Uint8Array, mime: string, metadata: SigningMetadata, options?: SignOptions): Promise<SignResult>;
  verify(bytes: Uint8Array, mime: string, options?: Omit<VerifyOptions, 'trust'>): Promise<VerifyResponse>;
  /** The same verification serialized where it was made (in the worker), for answering HTTP. */
  verifySerialized(bytes: Uint8Array, mime: string, options?: Omit<VerifyOptions, 'trust'>): Promise<SerializedVerification>;
}

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
  // Spreading would copy a getter's value once: each engine below defines its own `trust` getter.
  const common = {
    rootCertificatePath: pki.rootCertificatePath,
    rootCertificatePem: pki.rootCertificatePem,
    pkiCreated: created,
    detectFormat,
  };
  if (options.workers && options.workers > 0) {
    const pool = await createEnginePool({
      workers: options.workers,
      ...(options.maxQueue !== undefined && { maxQueue: options.maxQueue }),
      signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem },
      trustAnchorPems: loaded.lists,
    });
    return {
      ...common,
      get trust() {
        return trust;
      },
      async replaceTrust(lists) {
        const next = createTrustStore(lists);
        await pool.updateTrust([...lists]);
        // The version moves only once every worker judges by the new lists, so a cached verdict
        // under the new version was never made under the old lists.
        trust = next;
      },
      // A clock function cannot cross into a worker thread; workers sign at their own current time.
      sign: (bytes, mime, metadata, { now: _now, ...signOptions } = {}) => pool.sign(bytes, mime, metadata, signOptions),
      verify: (bytes, mime, verifyOptions) => pool.verify(bytes, mime, verifyOptions),
      verifySerialized: (bytes, mime, verifyOptions) => pool.verifySerialized(bytes, mime, verifyOptions),
      close: () => pool.close(),
    };
  }
  return {
    ...common,
    get trust() {
      return trust;
    },
    async replaceTrust(lists) {
      trust = createTrustStore(lists);
    },
    sign: (bytes, mime, metadata, signOptions) => sign(bytes, mime, metadata, signer, signOptions),
    verify: (bytes, mime, verifyOptions) => verify(bytes, mime, { ...verifyOptions, trust }),
    verifySerialized: async (bytes, mime, verifyOptions) => serializeVerification(await verify(bytes, mime, { ...verifyOptions, trust })),
    close: async () => undefined,
  };
}
