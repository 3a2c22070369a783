/**
 * The remote signing protocol: how the gateway (or the CLI) asks a signing service next to a KMS or
 * HSM to sign, and how that service knows the request comes from who holds the shared secret.
 *
 *   POST <url>, Content-Type: application/json
 *   X-Provenance-Timestamp: <Unix time, seconds>
 *   X-Provenance-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>
 *   body: {"alg": "ES256", "keyId": "<hex SHA-256 of the signing certificate (DER)>", "data": "<base64 of the bytes to sign>"}
 *
 *   200, application/json: {"signature": "<base64 of the signature in COSE form: r||s for ECDSA>"}
 *
 * A service refuses (401) a signature that does not match or a timestamp more than five minutes
 * from its clock, so a captured request cannot be replayed later.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SigningAlgorithm } from './algorithms.ts';

export const TIMESTAMP_HEADER = 'x-provenance-timestamp';
export const SIGNATURE_HEADER = 'x-provenance-signature';
/** How far a request's timestamp may be from the service's clock. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** Algorithm names on the wire, as COSE and the C2PA specification write them. */
export const WIRE_ALGORITHMS: Readonly<Record<SigningAlgorithm, string>> = { es256: 'ES256', es384: 'ES384', es512: 'ES512', ps256: 'PS256', ed25519: 'Ed25519' };

export interface RemoteSigningRequest {
  alg: string;
  keyId: string;
  /** Base64. */
  data: string;
}

export interface RemoteSigningResponse {
  /** Base64. */
  signature: string;
}

const mac = (secret: string, timestamp: string, body: Uint8Array): Buffer => createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The key id a request names: the hex SHA-256 of the signing certificate, so a service holding several keys can pick one. */
export const keyIdOf = (certificate: Uint8Array): string => createHash('sha256').update(certificate).digest('hex');

/** The authentication headers of a request body. */
export function authenticationHeaders(secret: string, body: Uint8Array, now: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `v1=${mac(secret, timestamp, body).toString('hex')}` };
}

/** Whether a request's headers authenticate its body under `secret`, now. */
export function isAuthentic(secret: string, headers: { timestamp: string | undefined; signature: string | undefined }, body: Uint8Array, now: Date = new Date()): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature?.startsWith('v1=')) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
  const given = Buffer.from(signature.slice(3), 'hex');
  const expected = mac(secret, timestamp, body);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
