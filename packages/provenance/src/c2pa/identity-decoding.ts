/**
 * Reading a manifest store without c2pa-rs's CAWG identity assertion decoding when the store has no
 * identity assertion to decode. With `core.decode_identity_assertions` on (c2pa-rs's default),
 * every read pays a fixed cost of its own (about 5.5 of the 9 ms c2pa-wasm took to validate the
 * 20 MB MP4's manifest prefix here) even when no manifest carries one. Off, c2pa-rs's report is the
 * same for every corpus file without an identity assertion, untrusted and with the C2PA trust
 * list (146 reads compared key-sorted); only C_with_CAWG_data.jpg differs (its decoded identity).
 *
 * Sound in two steps: the bytes given to c2pa-wasm are first searched for the label (a store that
 * names one is read as before), and a store read without decoding that still lists an assertion
 * labelled `cawg.identity…` in any manifest (a compressed manifest hides its labels from the
 * search) is read again with decoding on.
 */
import type { RawManifestStore } from './manifest-store.ts';

const IDENTITY_LABEL = 'cawg.identity';
const IDENTITY_LABEL_BYTES = Buffer.from(IDENTITY_LABEL, 'latin1');
/** Reader contexts are few (per trust store); a bound keeps a caller making new ones from growing this. */
const MAX_CONTEXTS = 64;
const withoutDecoding = new Map<string, string>();

/** Whether these bytes may hold an identity assertion (its label appears in them). */
export function mayHoldIdentityAssertion(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(IDENTITY_LABEL_BYTES);
}

/** Whether any manifest of the store (ingredients' included) lists an identity assertion. */
export function listsIdentityAssertion(store: RawManifestStore): boolean {
  return Object.values(store.manifests ?? {}).some((manifest) => (manifest.assertions ?? []).some((assertion) => assertion.label.startsWith(IDENTITY_LABEL)));
}

/** The reader context with identity assertion decoding off, everything else as given. */
export function contextWithoutIdentityDecoding(context: string): string {
  let changed = withoutDecoding.get(context);
  if (changed === undefined) {
    const settings = JSON.parse(context) as { core?: Record<string, unknown> };
    changed = JSON.stringify({ ...settings, core: { ...settings.core, decode_identity_assertions: false } });
    if (withoutDecoding.size >= MAX_CONTEXTS) withoutDecoding.clear();
    withoutDecoding.set(context, changed);
  }
  return changed;
}
