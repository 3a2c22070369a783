/**
 * Timestamps for claim signatures from an RFC 3161 time-stamping authority. The engine builds the
 * TimeStampReq (SHA-256 imprint, a random nonce, certReq so the reply carries the authority's
 * certificates for validators) and checks the TimeStampResp (status granted, the token answers
 * this imprint and nonce); the caller only carries the bytes to the authority and back (an HTTP
 * POST through its safe fetcher), because the engine never touches the network.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier } from '@peculiar/asn1-x509';
import { MessageImprint, PKIStatus, TimeStampReq, TimeStampResp } from '@peculiar/asn1-tsp';
import { TimestampError } from '../errors.ts';
import { readTimestampToken } from './timestamp-token.ts';

/** Given the bytes a timestamp must cover, returns a TimeStampToken (DER) over them. */
export type Timestamper = (imprintInput: Uint8Array) => Promise<Uint8Array>;

/**
 * Carries a DER TimeStampReq to the authority and returns its reply body (a DER TimeStampResp):
 * an HTTP POST with content type application/timestamp-query.
 */
export type TimestampTransport = (request: Uint8Array) => Promise<Uint8Array>;

export const TIMESTAMP_QUERY_CONTENT_TYPE = 'application/timestamp-query';

const SHA256 = '2.16.840.1.101.3.4.2.1';

export interface TimestampRequest {
  der: Uint8Array;
  digest: Uint8Array;
  nonce: Uint8Array;
}

/** A TimeStampReq over the SHA-256 of `imprintInput`, as c2pa-rs asks for one. */
export function buildTimestampRequest(imprintInput: Uint8Array): TimestampRequest {
  const digest = new Uint8Array(createHash('sha256').update(imprintInput).digest());
  const nonce = new Uint8Array(randomBytes(8));
  // A positive INTEGER in minimal DER: the first byte is neither zero nor has its top bit set.
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({ hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA256 }), hashedMessage: new OctetString(digest) }),
    nonce: nonce.slice().buffer,
    certReq: true,
  });
  return { der: new Uint8Array(AsnConvert.serialize(request)), digest, nonce };
}

const withoutLeadingZeros = (value: Uint8Array): Uint8Array => {
  let start = 0;
  while (start < value.byteLength - 1 && value[start] === 0) start += 1;
  return value.subarray(start);
};
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.byteLength === b.byteLength && a.every((value, index) => value === b[index]);

/** The TimeStampToken of a reply, once it is granted and answers exactly `request`. */
export function tokenFromResponse(response: Uint8Array, request: TimestampRequest): Uint8Array {
  let parsed: TimeStampResp;
  try {
    parsed = AsnConvert.parse(response, TimeStampResp);
  } catch (error) {
    throw new TimestampError('The time-stamping authority did not answer with a timestamp response.', String(error));
  }
  const { status } = parsed.status;
  if (status !== PKIStatus.granted && status !== PKIStatus.grantedWithMods) {
    const text = parsed.status.statusString?.join(' ') ?? '';
    throw new TimestampError(`The time-stamping authority refused the request (status ${PKIStatus[status] ?? status}${text ? `: ${text}` : ''}).`);
  }
  if (!parsed.timeStampToken) throw new TimestampError('The time-stamping authority granted the request but sent no token.');
  const token = new Uint8Array(AsnConvert.serialize(parsed.timeStampToken));
  let details;
  try {
    details = readTimestampToken(token);
  } catch (error) {
    throw new TimestampError('The time-stamping authority sent a token that could not be read.', String(error));
  }
  if (details.hashAlgorithm !== SHA256 || !sameBytes(details.hashedMessage, request.digest)) {
    throw new TimestampError('The time-stamping authority’s token is for other data than the signature.');
  }
  if (!details.nonce || !sameBytes(withoutLeadingZeros(details.nonce), withoutLeadingZeros(request.nonce))) {
    throw new TimestampError('The time-stamping authority’s token does not answer this request (nonce).');
  }
  if (details.certificates.length === 0) {
    throw new TimestampError('The time-stamping authority’s token carries no certificate, so validators could not check it.');
  }
  return token;
}

/** A timestamper that asks an RFC 3161 authority through `transport`. */
export function createRfc3161Timestamper(transport: TimestampTransport): Timestamper {
  return async (imprintInput) => {
    const request = buildTimestampRequest(imprintInput);
    let response: Uint8Array;
    try {
      response = await transport(request.der);
    } catch (error) {
      if (error instanceof TimestampError) throw error;
      throw new TimestampError(`The time-stamping authority failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return tokenFromResponse(response, request);
  };
}

/** An HTTP POST as the caller's safe fetcher makes it (@provenance/safe-fetch's SafeFetch fits). */
export type PostBytes = (url: string, post: { method: 'POST'; body: Uint8Array; contentType: string }) => Promise<{ bytes: Uint8Array }>;

/** The transport to the authority at `url`: a time-stamp query POSTed through `post`. */
export function timestampTransportOver(post: PostBytes, url: string): TimestampTransport {
  return async (request) => {
    const { bytes } = await post(url, { method: 'POST', body: request, contentType: TIMESTAMP_QUERY_CONTENT_TYPE });
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}
