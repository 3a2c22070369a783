/**
 * Finds the signer's certificate chain of a manifest in its manifest store (JUMBF): the
 * `c2pa.signature` box of the manifest holds a COSE_Sign1 (decoded with cbor-x) whose x5chain
 * header carries the DER certificates, and its sigTst2 header any RFC 3161 timestamp token. Used
 * to key trust verdicts by the exact chain and to name a signature's trusted time.
 */
import { createHash } from 'node:crypto';
import { decode } from 'cbor-x';
import { manifestBox, superbox } from './jumbf.ts';

function asChain(value: unknown): Uint8Array[] | null {
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Uint8Array)) return value as Uint8Array[];
  return null;
}

// A report asks for each manifest's signature several times (chain, trust, certificates, revocation);
// finding it walks the store's boxes, which for an edit history of 1.5 MB costs milliseconds a time.
const sign1Found = new WeakMap<Uint8Array, Map<string, unknown[] | null>>();

/** The COSE_Sign1 of a manifest's claim signature: [protected, unprotected, payload, signature]. */
function claimSign1(manifestStore: Uint8Array, manifestLabel: string): unknown[] | null {
  let found = sign1Found.get(manifestStore);
  if (!found) {
    found = new Map();
    sign1Found.set(manifestStore, found);
  }
  if (!found.has(manifestLabel)) found.set(manifestLabel, findClaimSign1(manifestStore, manifestLabel));
  return found.get(manifestLabel)!;
}

function findClaimSign1(manifestStore: Uint8Array, manifestLabel: string): unknown[] | null {
  const signature = manifestBox(manifestStore, manifestLabel, ['c2pa.signature']);
  if (!signature) return null;
  const cbor = superbox(signature.payload).children.find((box) => box.type === 'cbor');
  if (!cbor) return null;
  const sign1 = decode(cbor.payload) as { tag?: number; value?: unknown } | unknown[];
  const parts = (Array.isArray(sign1) ? sign1 : (sign1 as { value?: unknown }).value) as unknown[] | undefined;
  return Array.isArray(parts) && parts.length === 4 ? parts : null;
}

const headerValue = (header: unknown, label: number | string): unknown => {
  if (header instanceof Map) return header.get(label);
  if (header && typeof header === 'object') return (header as Record<string, unknown>)[String(label)];
  return undefined;
};

/** The DER certificate chain that signed `manifestLabel`, or null when it cannot be found. */
export function signerChain(manifestStore: Uint8Array, manifestLabel: string): Uint8Array[] | null {
  try {
    const parts = claimSign1(manifestStore, manifestLabel);
    if (!parts) return null;
    const protectedHeader = parts[0] instanceof Uint8Array && parts[0].byteLength > 0 ? (decode(parts[0]) as unknown) : null;
    const read = (header: unknown): Uint8Array[] | null => asChain(headerValue(header, 33)) ?? asChain(headerValue(header, 'x5chain'));
    return read(protectedHeader) ?? read(parts[1]);
  } catch {
    return null;
  }
}

/**
 * The RFC 3161 TimeStampToken (DER) of a claim signature: the first token of its `sigTst2`
 * header (C2PA 2.x), or null when the signature carries none. A C2PA 1.x `sigTst` holds whole
 * responses and is left to c2pa-rs.
 */
export function signatureTimestampToken(manifestStore: Uint8Array, manifestLabel: string): Uint8Array | null {
  try {
    const parts = claimSign1(manifestStore, manifestLabel);
    const container = parts ? headerValue(parts[1], 'sigTst2') : undefined;
    const tokens = headerValue(container, 'tstTokens');
    const first: unknown = Array.isArray(tokens) ? tokens[0] : undefined;
    const token = headerValue(first, 'val');
    return token instanceof Uint8Array ? token : null;
  } catch {
    return null;
  }
}

/**
 * The signature bytes of a claim's COSE_Sign1 (its fourth element): what a `c2pa.time-stamp`
 * assertion's token covers (c2pa-rs: `claim.cose_sign1().signature`); null when not found.
 */
export function claimSignatureValue(manifestStore: Uint8Array, manifestLabel: string): Uint8Array | null {
  try {
    const value = claimSign1(manifestStore, manifestLabel)?.[3];
    return value instanceof Uint8Array && value.byteLength > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The OCSP response (DER) stapled in a claim signature's `rVals` (`ocspVals`), or null when it carries none. */
export function signatureOcspResponse(manifestStore: Uint8Array, manifestLabel: string): Uint8Array | null {
  try {
    const parts = claimSign1(manifestStore, manifestLabel);
    const values = headerValue(headerValue(parts?.[1], 'rVals'), 'ocspVals');
    const first: unknown = Array.isArray(values) ? values[0] : undefined;
    return first instanceof Uint8Array ? first : null;
  } catch {
    return null;
  }
}

export function chainFingerprint(chain: readonly Uint8Array[]): string {
  const hash = createHash('sha256');
  for (const certificate of chain) hash.update(createHash('sha256').update(certificate).digest());
  return hash.digest('hex');
}
