/**
 * Finds the X.509 credentials of a manifest's CAWG identity assertions (`cawg.identity`,
 * `cawg.identity__1`…) in its manifest store (JUMBF): each assertion's CBOR holds `signature`, a
 * COSE_Sign1 whose x5chain header carries the named actor's DER certificates. c2pa-rs judges them;
 * this only says which credential each is, so a trust verdict is keyed by every chain it covers
 * (trust/trusted-read.ts) and a report can name who issued each credential.
 */
import { decode } from 'cbor-x';
import { manifestBox, superbox } from './jumbf.ts';

export interface IdentityCredential {
  /** The assertion's label in the manifest (`cawg.identity`, `cawg.identity__1`…). */
  label: string;
  /** DER, the identity's certificate first; empty when the signature carries none (or is not X.509). */
  chain: Uint8Array[];
}

const IDENTITY_LABEL = /^cawg\.identity(__\d+)?$/;

const headerValue = (header: unknown, label: number | string): unknown => {
  if (header instanceof Map) return header.get(label);
  if (header && typeof header === 'object') return (header as Record<string, unknown>)[String(label)];
  return undefined;
};

function asChain(value: unknown): Uint8Array[] {
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value) && value.every((item) => item instanceof Uint8Array)) return value as Uint8Array[];
  return [];
}

/** The chain of an identity assertion's COSE_Sign1 signature (x5chain, label 33, protected first). */
function chainOf(assertionCbor: Uint8Array): Uint8Array[] {
  const assertion = decode(assertionCbor) as unknown;
  const signature = headerValue(assertion, 'signature');
  if (!(signature instanceof Uint8Array)) return [];
  const sign1 = decode(signature) as { value?: unknown } | unknown[];
  const parts = (Array.isArray(sign1) ? sign1 : sign1.value) as unknown[] | undefined;
  if (!Array.isArray(parts) || parts.length !== 4) return [];
  const protectedHeader = parts[0] instanceof Uint8Array && parts[0].byteLength > 0 ? (decode(parts[0]) as unknown) : null;
  const inProtected = asChain(headerValue(protectedHeader, 33));
  return inProtected.length > 0 ? inProtected : asChain(headerValue(parts[1], 33));
}

/** Every CAWG identity assertion of `manifestLabel` with its credential's chain, in manifest order. */
export function identityCredentials(manifestStore: Uint8Array, manifestLabel: string): IdentityCredential[] {
  const assertions = manifestBox(manifestStore, manifestLabel, ['c2pa.assertions']);
  if (!assertions) return [];
  const found: IdentityCredential[] = [];
  for (const box of superbox(assertions.payload).children) {
    if (box.type !== 'jumb') continue;
    const { label, children } = superbox(box.payload);
    if (!label || !IDENTITY_LABEL.test(label)) continue;
    const cbor = children.find((content) => content.type === 'cbor');
    let chain: Uint8Array[] = [];
    try {
      chain = cbor ? chainOf(cbor.payload) : [];
    } catch {
      // Undecodable: c2pa-rs reports the assertion (cawg.identity.cbor.invalid); no chain to name.
    }
    found.push({ label, chain });
  }
  return found;
}
