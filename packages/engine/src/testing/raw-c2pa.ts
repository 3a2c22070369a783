/**
 * Raw c2pa-wasm reads, without the engine's report model: the reference the tests and the bench
 * compare the engine against.
 */
import { loadC2pa } from '../c2pa/wasm.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';

export async function rawValidationState(bytes: Uint8Array, mime: string, anchorsPem?: string): Promise<string> {
  const { WasmReader } = loadC2pa();
  const context = readerSettings(anchorsPem ? { anchorsPem } : {});
  try {
    const reader = await WasmReader.fromBytes(mime, bytes, context);
    const state = (reader.manifestStore() as { validation_state: string }).validation_state;
    reader.free();
    return state;
  } catch (error) {
    return `error:${String(error)}`;
  }
}

/** The data of the active manifest's assertion `label` as c2pa-wasm reads it (byte strings as "b64'…'"); null when absent or unreadable. */
export async function rawActiveAssertion(bytes: Uint8Array, mime: string, label: string): Promise<Record<string, unknown> | null> {
  const { WasmReader } = loadC2pa();
  try {
    const reader = await WasmReader.fromBytes(mime, bytes, readerSettings());
    const store = reader.manifestStore() as { active_manifest?: string; manifests?: Record<string, { assertions?: { label: string; data: Record<string, unknown> }[] }> };
    reader.free();
    const active = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
    return active?.assertions?.find((assertion) => assertion.label === label)?.data ?? null;
  } catch {
    return null;
  }
}

/** Every validation code c2pa-rs gives the active manifest (success, informational and failure), read with these anchors. */
export async function rawValidationCodes(bytes: Uint8Array, mime: string, anchorsPem?: string): Promise<string[]> {
  const { WasmReader } = loadC2pa();
  const reader = await WasmReader.fromBytes(mime, bytes, readerSettings(anchorsPem ? { anchorsPem } : {}));
  try {
    const store = reader.manifestStore() as { validation_results?: { activeManifest?: Record<string, { code: string }[]> } };
    return Object.values(store.validation_results?.activeManifest ?? {}).flatMap((codes) => codes.map((code) => code.code));
  } finally {
    reader.free();
  }
}
