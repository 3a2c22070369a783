import { describe, expect, it } from 'vitest';
import { manifestStoreBytes } from '../c2pa/open-reader.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { sign } from '../sign.ts';
import { openLocalSigning } from '../testing/local-signing.ts';
import { makeImage } from '../testing/make-assets.ts';
import { corpusFile, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { activeManifestLabel } from './jumbf.ts';

/** c2pa-rs's own answer: the active manifest's label and the store's bytes, from a validating read. */
async function c2paActive(bytes: Uint8Array, mime: string): Promise<{ label: string | null; storeBytes: Uint8Array | null }> {
  const reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, readerSettings());
  try {
    const store = reader.manifestStore() as RawManifestStore;
    return { label: reader.activeLabel() ?? null, storeBytes: manifestStoreBytes(reader, store) };
  } finally {
    reader.free();
  }
}

describe('activeManifestLabel', () => {
  it('names the manifest a signing just made as c2pa-rs does, alone and over a parent with manifests of its own', async () => {
    const { signer } = await openLocalSigning('pg-jumbf-label-');
    const first = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Test' }, { signer });
    const second = await sign(first.signedBytes, 'image/jpeg', { creator: 'Test' }, { signer });
    for (const signed of [first, second]) {
      const { label } = await c2paActive(signed.signedBytes, 'image/jpeg');
      expect(activeManifestLabel(signed.manifestStore)).toBe(label);
      expect(signed.manifestId).toBe(label);
    }
    expect(second.manifestId).not.toBe(first.manifestId);
  });

  it.skipIf(!hasCorpus)('agrees with c2pa-rs on every readable corpus file, edit histories included', async () => {
    const readable = Object.entries(expectedCorpus().files).filter(([, expected]) => expected.untrusted.state);
    let compared = 0;
    for (const [name, expected] of readable) {
      const { label, storeBytes } = await c2paActive(corpusFile(name), expected.mime);
      if (!storeBytes) continue;
      expect(activeManifestLabel(storeBytes), name).toBe(label);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('answers null for bytes that hold no manifest store', () => {
    expect(activeManifestLabel(new Uint8Array([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]))).toBeNull();
    expect(activeManifestLabel(new Uint8Array(0))).toBeNull();
  });
});
