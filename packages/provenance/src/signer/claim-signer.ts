/**
 * Claim signers: who signs a manifest. A signer is an algorithm, a certificate chain (leaf first)
 * and an async `sign(bytes)` that returns a COSE-shaped signature, so a key in a file, a KMS or an
 * HSM plug in the same way. `toC2paSignerDefinition` turns one into what c2pa-wasm calls.
 */
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { InvalidSignerError } from '../errors.ts';
import { algorithmForKey, signWithKey, signatureLength, type SigningAlgorithm } from './algorithms.ts';
import { encodePaddedSign1, encodeProtectedHeader, toBeSigned, unpaddedSize } from './cose-sign1.ts';

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

/** The exact space the COSE_Sign1 of this signer needs in the manifest. */
export function reserveSizeFor(signer: ClaimSigner): number {
  const header = encodeProtectedHeader(signer.alg, signer.certificateChain);
  const length = signatureLength(signer.alg, rsaModulusBits(signer.certificateChain));
  return unpaddedSize(header, length) + (signer.reserveSlack ?? 0);
}

export function toC2paSignerDefinition(signer: ClaimSigner): C2paSignerDefinition {
  const header = encodeProtectedHeader(signer.alg, signer.certificateChain);
  const reserveSize = reserveSizeFor(signer);
  return {
    alg: signer.alg,
    reserveSize,
    sign: async (claimBytes) => {
      const signature = await signer.sign(toBeSigned(header, claimBytes));
      return new Uint8Array(encodePaddedSign1(header, signature, reserveSize));
    },
  };
}
