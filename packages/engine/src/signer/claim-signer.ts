/**
 * Claim signers: who signs a manifest. A signer is an algorithm, a certificate chain (leaf first)
 * and an async `sign(bytes)` that returns a COSE-shaped signature, so a key in a file, a KMS or an
 * HSM plug in the same way. `toC2paSignerDefinition` turns one into what c2pa-wasm calls.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { InvalidSignerError, ProvenanceError } from '../errors.ts';
import { algorithmForKey, signWithKey, signatureLength, type SigningAlgorithm } from './algorithms.ts';
import { encodePaddedSign1, encodeProtectedHeader, timestampImprintInput, toBeSigned, unpaddedSize } from './cose-sign1.ts';
import type { Timestamper } from './rfc3161-timestamper.ts';

export interface ClaimSigner {
  readonly alg: SigningAlgorithm;
  /** DER certificates, the signing certificate first, without the root. */
  readonly certificateChain: readonly Uint8Array[];
  /** Signature bytes over `data` in COSE form (raw r||s for ECDSA). */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /** Extra bytes reserved beyond the exact signature size, for signers whose output length varies. */
  readonly reserveSlack?: number;
}

/** What c2pa-wasm's WasmBuilder.sign takes. */
export interface C2paSignerDefinition {
  alg: string;
  reserveSize: number;
  sign: (claimBytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array<ArrayBuffer>>;
  /** The engine error that failed the last `sign` call (c2pa-wasm passes on only its text). */
  failure?: ProvenanceError;
}

export function parseCertificateChainPem(pem: string): Uint8Array[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new InvalidSignerError('The certificate chain PEM holds no certificate.');
  return blocks.map((block) => new Uint8Array(new X509Certificate(block).raw));
}

function rsaModulusBits(chain: readonly Uint8Array[]): number | undefined {
  const leaf = chain[0];
  if (!leaf) return undefined;
  return new X509Certificate(leaf).publicKey.asymmetricKeyDetails?.modulusLength;
}

/** A signer whose private key is a PKCS#8 PEM held by this process. */
export function createPemSigner(options: { privateKeyPem: string; certificateChainPem: string; alg?: SigningAlgorithm }): ClaimSigner {
  let key: KeyObject;
  try {
    key = createPrivateKey(options.privateKeyPem);
  } catch {
    throw new InvalidSignerError('The private key could not be read: expected a PKCS#8 PEM.');
  }
  const implied = algorithmForKey(key);
  const alg = options.alg ?? implied;
  if (!alg || (implied && implied !== alg)) {
    throw new InvalidSignerError(`The private key does not fit the algorithm ${options.alg ?? '(none)'}.`);
  }
  const certificateChain = parseCertificateChainPem(options.certificateChainPem);
  const leaf = new X509Certificate(certificateChain[0]!);
  if (!leaf.checkPrivateKey(key)) {
    throw new InvalidSignerError('The private key does not belong to the first certificate of the chain.');
  }
  return { alg, certificateChain, sign: async (data) => signWithKey(alg, key, data) };
}

/** A signer whose key lives elsewhere (KMS, HSM): the callback returns COSE-form signature bytes. */
export function createCallbackSigner(options: {
  alg: SigningAlgorithm;
  certificateChainPem: string;
  sign: (data: Uint8Array) => Promise<Uint8Array>;
}): ClaimSigner {
  return {
    alg: options.alg,
    certificateChain: parseCertificateChainPem(options.certificateChainPem),
    sign: options.sign,
    reserveSlack: 8,
  };
}

/**
 * Space kept for a timestamp token, whose size is known only once the authority answers. A token
 * from `openssl ts` with an EC P-256 three-certificate chain measures 2,146 bytes; public
 * authorities with RSA-4096 chains send 6 to 7 kB. 8 KiB holds either.
 */
export const TIMESTAMP_TOKEN_RESERVE = 8192;

export interface SignatureOptions {
  /** Asks an RFC 3161 authority to timestamp each signature (C2PA 2.x sigTst2). */
  timestamper?: Timestamper;
  /** Bytes kept for the timestamp token (default TIMESTAMP_TOKEN_RESERVE). */
  timestampReserve?: number;
  /**
   * The signing certificate's OCSP response (DER), stapled into each signature (rVals) so that a
   * validator offline sees the certificate's status at signing. Its size is known, so it is reserved exactly.
   */
  ocspResponse?: Uint8Array;
}

/** The exact space the COSE_Sign1 of this signer needs in the manifest (with a timestamp: its reserve). */
export function reserveSizeFor(signer: ClaimSigner, options: SignatureOptions = {}): number {
  const header = encodeProtectedHeader(signer.alg, signer.certificateChain);
  const length = signatureLength(signer.alg, rsaModulusBits(signer.certificateChain));
  const tokenLength = options.timestamper ? (options.timestampReserve ?? TIMESTAMP_TOKEN_RESERVE) : undefined;
  return unpaddedSize(header, length, tokenLength, options.ocspResponse) + (signer.reserveSlack ?? 0);
}

export function toC2paSignerDefinition(signer: ClaimSigner, options: SignatureOptions = {}): C2paSignerDefinition {
  const header = encodeProtectedHeader(signer.alg, signer.certificateChain);
  const reserveSize = reserveSizeFor(signer, options);
  const { timestamper, ocspResponse } = options;
  const definition: C2paSignerDefinition = {
    alg: signer.alg,
    reserveSize,
    sign: async (claimBytes) => {
      try {
        const signature = await signer.sign(toBeSigned(header, claimBytes));
        // The timestamp covers the signature just made, so it is asked for after signing.
        const token = timestamper ? await timestamper(timestampImprintInput(header, signature)) : undefined;
        return new Uint8Array(encodePaddedSign1(header, signature, reserveSize, { timestampToken: token, ocspResponse }));
      } catch (error) {
        if (error instanceof ProvenanceError) definition.failure = error;
        throw error;
      }
    },
  };
  return definition;
}
