/**
 * COSE_Sign1 (RFC 9052) as C2PA uses it for claim signatures: algorithm and x5chain in the
 * protected header, detached payload, and a `pad` byte string in the unprotected header so the
 * structure fills exactly the space c2pa-rs reserved for it in the asset.
 */
import { Encoder, Tag } from 'cbor-x';
import { SigningError } from '../errors.ts';
import { COSE_ALGORITHM_ID, type SigningAlgorithm } from './algorithms.ts';

const COSE_SIGN1_TAG = 18;
const HEADER_ALG = 1;
const HEADER_X5CHAIN = 33;

const cbor = new Encoder({ mapsAsObjects: false, useRecords: false, tagUint8Array: false, variableMapSize: true });

export function encodeProtectedHeader(alg: SigningAlgorithm, chain: readonly Uint8Array[]): Uint8Array {
  const x5chain = chain.length === 1 ? chain[0] : [...chain];
  return cbor.encode(new Map<number, unknown>([[HEADER_ALG, COSE_ALGORITHM_ID[alg]], [HEADER_X5CHAIN, x5chain]]));
}

/** The bytes that are actually signed: Sig_structure with an empty external AAD. */
export function toBeSigned(protectedHeader: Uint8Array, payload: Uint8Array): Uint8Array {
  return cbor.encode(['Signature1', protectedHeader, new Uint8Array(0), payload]);
}

function encodeSign1(protectedHeader: Uint8Array, signature: Uint8Array, padLength: number): Uint8Array {
  const unprotected = new Map<string, Uint8Array>([['pad', new Uint8Array(padLength)]]);
  return cbor.encode(new Tag([protectedHeader, unprotected, null, signature], COSE_SIGN1_TAG));
}

/** Size of a Sign1 with an empty pad: the least space a signature of this length needs. */
export function unpaddedSize(protectedHeader: Uint8Array, signatureLength: number): number {
  return encodeSign1(protectedHeader, new Uint8Array(signatureLength), 0).byteLength;
}

/**
 * Encode the Sign1 padded to exactly `reserveSize` bytes. The pad's own CBOR length prefix grows
 * at 24 and 256 bytes, so the pad length is corrected until the total lands exactly.
 */
export function encodePaddedSign1(protectedHeader: Uint8Array, signature: Uint8Array, reserveSize: number): Uint8Array {
  let padLength = Math.max(0, reserveSize - unpaddedSize(protectedHeader, signature.byteLength));
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const encoded = encodeSign1(protectedHeader, signature, padLength);
    if (encoded.byteLength === reserveSize) return encoded;
    padLength += reserveSize - encoded.byteLength;
    if (padLength < 0) break;
  }
  throw new SigningError(
    'The signature does not fit the space reserved for it in the manifest.',
    `reserveSize=${reserveSize}, signature=${signature.byteLength}`,
  );
}
