/**
 * Signing algorithms a claim signer may use: their COSE identifiers, the name c2pa-wasm expects,
 * and how node:crypto produces a COSE-shaped signature for them (raw r||s for ECDSA, PSS for RSA).
 */
import { sign as cryptoSign, verify as cryptoVerify, constants, type KeyObject } from 'node:crypto';

export type SigningAlgorithm = 'es256' | 'es384' | 'es512' | 'ps256' | 'ed25519';

export const SIGNING_ALGORITHMS: readonly SigningAlgorithm[] = ['es256', 'es384', 'es512', 'ps256', 'ed25519'];

export const COSE_ALGORITHM_ID: Record<SigningAlgorithm, number> = {
  es256: -7,
  es384: -35,
  es512: -36,
  ps256: -37,
  ed25519: -8,
};

/** Signature length in bytes for fixed-size algorithms; RSA depends on the modulus. */
export function signatureLength(alg: SigningAlgorithm, rsaModulusBits?: number): number {
  switch (alg) {
    case 'es256':
      return 64;
    case 'es384':
      return 96;
    case 'es512':
      return 132;
    case 'ed25519':
      return 64;
    case 'ps256':
      return Math.ceil((rsaModulusBits ?? 2048) / 8);
  }
}

/** The algorithm a private key implies, or undefined when it fits none we sign with. */
export function algorithmForKey(key: KeyObject): SigningAlgorithm | undefined {
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case 'ec':
      return ({ 'prime256v1': 'es256', 'secp384r1': 'es384', 'secp521r1': 'es512' } as const)[details?.namedCurve ?? ''] as
        | SigningAlgorithm
        | undefined;
    case 'rsa':
    case 'rsa-pss':
      return 'ps256';
    case 'ed25519':
      return 'ed25519';
    default:
      return undefined;
  }
}

/** Sign with a private key in node:crypto, producing the signature bytes COSE expects. */
export function signWithKey(alg: SigningAlgorithm, key: KeyObject, data: Uint8Array): Uint8Array {
  switch (alg) {
    case 'ed25519':
      return cryptoSign(null, data, key);
    case 'ps256':
      return cryptoSign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
    case 'es256':
      return cryptoSign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
    case 'es384':
      return cryptoSign('sha384', data, { key, dsaEncoding: 'ieee-p1363' });
    case 'es512':
      return cryptoSign('sha512', data, { key, dsaEncoding: 'ieee-p1363' });
  }
}

/** Whether `signature` (COSE form, as signWithKey makes it) is `key`'s signature over `data`. */
export function verifyWithKey(alg: SigningAlgorithm, key: KeyObject, data: Uint8Array, signature: Uint8Array): boolean {
  try {
    switch (alg) {
      case 'ed25519':
        return cryptoVerify(null, data, key, signature);
      case 'ps256':
        return cryptoVerify('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature);
      case 'es256':
        return cryptoVerify('sha256', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
      case 'es384':
        return cryptoVerify('sha384', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
      case 'es512':
        return cryptoVerify('sha512', data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    }
  } catch {
    // A signature of the wrong shape for the key is simply not its signature.
    return false;
  }
}
