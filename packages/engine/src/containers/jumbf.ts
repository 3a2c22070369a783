/**
 * Reading a C2PA manifest store (JUMBF: ISO BMFF-style boxes; a superbox `jumb` starts with a
 * description box `jumd` carrying its label). Just enough to find a manifest's boxes by label; the
 * store's validation is c2pa-rs's.
 */
export interface Box {
  type: string;
  payload: Uint8Array;
}

const MAX_BOXES = 10_000;

export function* boxes(bytes: Uint8Array): Generator<Box> {
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
export function superbox(payload: Uint8Array): { label: string | null; children: Box[] } {
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

export function child(children: Box[], label: string): Box | undefined {
  return children.find((box) => box.type === 'jumb' && superbox(box.payload).label === label);
}

/**
 * The box at `path` (superbox labels, e.g. ['c2pa.assertions', 'c2pa.hash.data']) inside the
 * manifest `manifestLabel` of a store, or null.
 */
export function manifestBox(manifestStore: Uint8Array, manifestLabel: string, path: readonly string[]): Box | null {
  const [root] = [...boxes(manifestStore)];
  if (!root || root.type !== 'jumb') return null;
  let current = child(superbox(root.payload).children, manifestLabel);
  for (const label of path) {
    if (!current) return null;
    current = child(superbox(current.payload).children, label);
  }
  return current ?? null;
}

/** How many manifests a store holds (the active one and its ingredients' own). */
export function manifestCount(manifestStore: Uint8Array): number {
  const [root] = [...boxes(manifestStore)];
  if (!root || root.type !== 'jumb') return 0;
  return superbox(root.payload).children.filter((box) => box.type === 'jumb').length;
}

/**
 * The active manifest's label: the last manifest of the store (C2PA 2.x, 11.1: "the last manifest in
 * the manifest store is the active manifest"), as c2pa-rs's `activeLabel()` names it. For a store
 * the engine has just signed, read here instead of by a c2pa-wasm reader, which validates the whole
 * store (the claim signature, a stapled OCSP answer, the identity assertions) only to name it.
 */
export function activeManifestLabel(manifestStore: Uint8Array): string | null {
  const [root] = [...boxes(manifestStore)];
  if (!root || root.type !== 'jumb') return null;
  const manifests = superbox(root.payload).children.filter((box) => box.type === 'jumb');
  const last = manifests.at(-1);
  return last ? superbox(last.payload).label : null;
}
