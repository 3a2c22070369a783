/**
 * Finds the signer's certificate chain of a manifest in its manifest store (JUMBF): the
 * `c2pa.signature` box of the manifest holds a COSE_Sign1 (decoded with cbor-x) whose x5chain
 * header carries the DER certificates. Used to key trust verdicts by the exact chain.
 */
import { createHash } from 'node:crypto';
import { decode } from 'cbor-x';

interface Box {
  type: string;
  payload: Uint8Array;
}

const MAX_BOXES = 10_000;

function* boxes(bytes: Uint8Array): Generator<Box> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  let count = 0;
  while (offset + 8 <= bytes.byteLength && count++ < MAX_BOXES) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > bytes.byteLength) return;
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = bytes.byteLength - offset;
    }
    if (size < header || offset + size > bytes.byteLength) return;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    yield { type, payload: bytes.subarray(offset + header, offset + size) };
    offset += size;
  }
}

/** A JUMBF superbox's label (from its description box) and its content boxes. */
function superbox(payload: Uint8Array): { label: string | null; children: Box[] } {
  const children = [...boxes(payload)];
  const description = children[0];
  if (!description || description.type !== 'jumd') return { label: null, children: [] };
  const toggles = description.payload[16] ?? 0;
  let label: string | null = null;
  if (toggles & 0x02) {
    const start = 17;
    const end = description.payload.indexOf(0, start);
    label = new TextDecoder().decode(description.payload.subarray(start, end < 0 ? undefined : end));
  }
  return { label, children: children.slice(1) };
}

function child(children: Box[], label: string): Box | undefined {
  return children.find((box) => box.type === 'jumb' && superbox(box.payload).label === label);
}

function asChain(value: unknown): Uint8Array[] | null {
  if (value instanceof Uint8Array) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Uint8Array)) return value as Uint8Array[];
  return null;
}

/** The DER certificate chain that signed `manifestLabel`, or null when it cannot be found. */
export function signerChain(manifestStore: Uint8Array, manifestLabel: string): Uint8Array[] | null {
  try {
    const [root] = [...boxes(manifestStore)];
    if (!root || root.type !== 'jumb') return null;
    const store = superbox(root.payload);
    const manifest = child(store.children, manifestLabel);
    if (!manifest) return null;
    const signature = child(superbox(manifest.payload).children, 'c2pa.signature');
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
