// The engine as the server uses it: one claim signer (the local PKI's, made on first start) and
// one trust store (our own root plus TRUST_ANCHORS), both loaded once, not per request.
import { readFile } from 'node:fs/promises';
import {
  createPemSigner,
  createTrustStore,
  detectFormat,
  ensureLocalPki,
  sign,
  verify,
  type AssetFormat,
  type ClaimSigner,
  type SignOptions,
  type SignResult,
  type SigningMetadata,
  type TrustStore,
  type VerifyOptions,
  type VerifyResponse,
} from '@provenance/engine';

export interface GatewayEngine {
  readonly trust: TrustStore;
  /** Where the root certificate users should trust is, for start-up messages and docs. */
  readonly rootCertificatePath: string;
  detectFormat(bytes: Uint8Array): Promise<AssetFormat | undefined>;
  sign(bytes: Uint8Array, mime: string, metadata: SigningMetadata, options?: SignOptions): Promise<SignResult>;
  verify(bytes: Uint8Array, mime: string, options?: Omit<VerifyOptions, 'trust'>): Promise<VerifyResponse>;
}

export async function createGatewayEngine(options: { pkiDir: string; trustAnchorFiles: readonly string[] }): Promise<GatewayEngine & { pkiCreated: boolean }> {
  const { pki, created } = await ensureLocalPki(options.pkiDir);
  const signer: ClaimSigner = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const extra = await Promise.all(
    options.trustAnchorFiles.map((file) =>
      readFile(file, 'utf8').catch(() => {
        throw new Error(`TRUST_ANCHORS: cannot read ${file}`);
      }),
    ),
  );
  const trust = createTrustStore([pki.rootCertificatePem, ...extra]);
  return {
    trust,
    rootCertificatePath: pki.rootCertificatePath,
    pkiCreated: created,
    detectFormat,
    sign: (bytes, mime, metadata, signOptions) => sign(bytes, mime, metadata, signer, signOptions),
    verify: (bytes, mime, verifyOptions) => verify(bytes, mime, { ...verifyOptions, trust }),
  };
}
