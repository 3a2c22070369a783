// The engine as the server uses it: one claim signer (the local PKI's, made on first start) and
// one trust store (the bundled C2PA trust lists, our own root as tier gateway, the lists of
// TRUST_LISTS and the files of TRUST_ANCHORS), both loaded once, not per request.
import {
  createEnginePool,
  createPemSigner,
  detectFormat,
  ensureLocalPki,
  loadTrust,
  TrustAnchorFileError,
  sign,
  verify,
  type AssetFormat,
  type ClaimSigner,
  type SignOptions,
  type SignResult,
  type SigningMetadata,
  type TrustListSpec,
  type TrustStore,
  type VerifyOptions,
  type VerifyResponse,
  serializeVerification,
  type SerializedVerification,
} from '@provenance/engine';

export interface GatewayEngine {
  readonly trust: TrustStore;
  /** Where the root certificate users should trust is, for start-up messages and docs. */
  readonly rootCertificatePath: string;
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
  const { trust, lists } = await loadTrust({
    anchorFiles: options.trustAnchorFiles,
    localRootPem: pki.rootCertificatePem,
    bundledLists: options.bundledTrustLists ?? true,
    lists: options.trustLists ?? [],
    ...(options.fetchTrustList && { fetchList: options.fetchTrustList }),
  }).catch((error: unknown) => {
    // The server stops at start naming the setting and the file.
    throw error instanceof TrustAnchorFileError ? new Error(`${error.list ? 'TRUST_LISTS' : 'TRUST_ANCHORS'}: ${error.message}`) : error;
  });
  const common = { trust, rootCertificatePath: pki.rootCertificatePath, pkiCreated: created, detectFormat };
  if (options.workers && options.workers > 0) {
    const pool = await createEnginePool({
      workers: options.workers,
      ...(options.maxQueue !== undefined && { maxQueue: options.maxQueue }),
      signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem },
      trustAnchorPems: lists,
    });
    return {
      ...common,
      // A clock function cannot cross into a worker thread; workers sign at their own current time.
      sign: (bytes, mime, metadata, { now: _now, ...signOptions } = {}) => pool.sign(bytes, mime, metadata, signOptions),
      verify: (bytes, mime, verifyOptions) => pool.verify(bytes, mime, verifyOptions),
      verifySerialized: (bytes, mime, verifyOptions) => pool.verifySerialized(bytes, mime, verifyOptions),
      close: () => pool.close(),
    };
  }
  return {
    ...common,
    sign: (bytes, mime, metadata, signOptions) => sign(bytes, mime, metadata, signer, signOptions),
    verify: (bytes, mime, verifyOptions) => verify(bytes, mime, { ...verifyOptions, trust }),
    verifySerialized: async (bytes, mime, verifyOptions) => serializeVerification(await verify(bytes, mime, { ...verifyOptions, trust })),
    close: async () => undefined,
  };
}
