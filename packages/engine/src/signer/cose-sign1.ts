/**
 * COSE_Sign1 (RFC 9052) as C2PA uses it for claim signatures: algorithm and x5chain in the
 * protected header, detached payload, an optional RFC 3161 timestamp (`sigTst2`), an optional
 * stapled OCSP response (`rVals` → `ocspVals`, as c2pa-rs staples and reads one) and a `pad` byte
 * string in the unprotected header so the structure fills exactly the space c2pa-rs reserved for
 * it in the asset.
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

/**
 * What a C2PA 2.x timestamp (`sigTst2`) covers, as c2pa-rs builds it: a COSE countersignature
 * structure ["CounterSignature", protected header, empty external AAD, the signature as a CBOR
 * byte string], so the authority vouches for this very signature and its header.
 */
export function timestampImprintInput(protectedHeader: Uint8Array, signature: Uint8Array): Uint8Array {
  return cbor.encode(['CounterSignature', protectedHeader, new Uint8Array(0), cbor.encode(signature)]);
}

/** What the unprotected header carries beside the pad: evidence that is not itself signed. */
export interface UnprotectedEvidence {
  /** An RFC 3161 TimeStampToken over the signature (sigTst2). */
  timestampToken?: Uint8Array;
  /** The signing certificate's OCSP response (a DER OCSPResponse), stapled in rVals. */
  ocspResponse?: Uint8Array;
}

function encodeSign1(protectedHeader: Uint8Array, signature: Uint8Array, padLength: number | null, evidence: UnprotectedEvidence = {}): Uint8Array {
  const unprotected = new Map<string, unknown>();
  // sigTst2 holds TimeStampTokens (not whole responses) in a tstContainer: { tstTokens: [{ val }] }.
  if (evidence.timestampToken) unprotected.set('sigTst2', new Map([['tstTokens', [new Map([['val', evidence.timestampToken]])]]]));
  // Revocation values (C2PA 2.x): { ocspVals: [OCSPResponse] }, the status at signing for offline validators.
  if (evidence.ocspResponse) unprotected.set('rVals', new Map([['ocspVals', [evidence.ocspResponse]]]));
  if (padLength !== null) unprotected.set('pad', new Uint8Array(padLength));
  return cbor.encode(new Tag([protectedHeader, unprotected, null, signature], COSE_SIGN1_TAG));
}

/**
 * A Sign1 without a pad, for a signature whose container pads itself (a CAWG identity assertion
 * has its own `pad1`/`pad2`), as c2pa-rs's X.509 credential holder writes it.
 */
export function encodeUnpaddedSign1(protectedHeader: Uint8Array, signature: Uint8Array, timestampToken?: Uint8Array): Uint8Array {
  return encodeSign1(protectedHeader, signature, null, { timestampToken });
}

/**
 * Size of a Sign1 with an empty pad: the least space a signature of this length needs, with room
 * for a timestamp token of `timestampTokenLength` bytes when one is asked for, and the OCSP response.
 */
export function unpaddedSize(protectedHeader: Uint8Array, signatureLength: number, timestampTokenLength?: number, ocspResponse?: Uint8Array): number {
  const timestampToken = timestampTokenLength === undefined ? undefined : new Uint8Array(timestampTokenLength);
  return encodeSign1(protectedHeader, new Uint8Array(signatureLength), 0, { timestampToken, ocspResponse }).byteLength;
}

/**
 * Encode the Sign1 padded to exactly `reserveSize` bytes. The pad's own CBOR length prefix grows
 * at 24 and 256 bytes, so the pad length is corrected until the total lands exactly.
 */
export function encodePaddedSign1(protectedHeader: Uint8Array, signature: Uint8Array, reserveSize: number, evidence: UnprotectedEvidence = {}): Uint8Array {
  const { timestampToken, ocspResponse } = evidence;
  let padLength = Math.max(0, reserveSize - unpaddedSize(protectedHeader, signature.byteLength, timestampToken?.byteLength, ocspResponse));
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const encoded = encodeSign1(protectedHeader, signature, padLength, evidence);
    if (encoded.byteLength === reserveSize) return encoded;
    padLength += reserveSize - encoded.byteLength;
    if (padLength < 0) break;
  }
  throw new SigningError(
    'The signature does not fit the space reserved for it in the manifest.',
    `reserveSize=${reserveSize}, signature=${signature.byteLength}, timestampToken=${timestampToken?.byteLength ?? 0}, ocspResponse=${ocspResponse?.byteLength ?? 0}`,
  );
}
