/**
 * Finds the signer's certificate chain of a manifest in its manifest store (JUMBF): the
 * `c2pa.signature` box of the manifest holds a COSE_Sign1 (decoded with cbor-x) whose x5chain
 * header carries the DER certificates. Used to key trust verdicts by the exact chain.
 */
import { createHash } from 'node:crypto';
import { decode } from 'cbor-x';
import { manifestBox, superbox } from './jumbf.ts';

function asChain(value: unknown): Uint8Array[] | null {
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Uint8Array)) return value as Uint8Array[];
  return null;
}

/** The DER certificate chain that signed `manifestLabel`, or null when it cannot be found. */
export function signerChain(manifestStore: Uint8Array, manifestLabel: string): Uint8Array[] | null {
  try {
    const signature = manifestBox(manifestStore, manifestLabel, ['c2pa.signature']);
    if (!signature) return null;
    const cbor = superbox(signature.payload).children.find((box) => box.type === 'cbor');
    if (!cbor) return null;
    const sign1 = decode(cbor.payload) as { tag?: number; value?: unknown } | unknown[];
    const parts = (Array.isArray(sign1) ? sign1 : (sign1 as { value?: unknown }).value) as unknown[] | undefined;
    if (!Array.isArray(parts) || parts.length !== 4) return null;
    const protectedHeader = parts[0] instanceof Uint8Array && parts[0].byteLength > 0 ? (decode(parts[0]) as unknown) : null;
    const read = (header: unknown): Uint8Array[] | null => {
      if (header instanceof Map) return asChain(header.get(33)) ?? asChain(header.get('x5chain'));
      if (header && typeof header === 'object') {
        const record = header as Record<string, unknown>;
        return asChain(record['33']) ?? asChain(record['x5chain']);
      }
      return null;
    };
    return read(protectedHeader) ?? read(parts[1]);
  } catch {
    return null;
  }
}

export function chainFingerprint(chain: readonly Uint8Array[]): string {
  const hash = createHash('sha256');
  for (const certificate of chain) hash.update(createHash('sha256').update(certificate).digest());
  return hash.digest('hex');
}
