// identity-decoding.ts: reading without CAWG identity decoding is c2pa-rs's own report for every
// corpus file without an identity assertion (untrusted and with the C2PA trust list), and a store
// with one is recognised both by its bytes and by its listed assertions, so it is read as before.
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { contextWithoutIdentityDecoding, listsIdentityAssertion, mayHoldIdentityAssertion } from './identity-decoding.ts';
import type { RawManifestStore } from './manifest-store.ts';
import { readerSettings } from './reader-settings.ts';
import { loadC2pa } from './wasm.ts';

/** c2pa-rs's manifests map comes out in no fixed order: compare with sorted keys. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

async function storeOf(mime: string, bytes: Uint8Array, context: string): Promise<RawManifestStore | string> {
  try {
    const reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, context);
    try {
      return reader.manifestStore() as RawManifestStore;
    } finally {
      reader.free();
    }
  } catch (error) {
    return `error: ${String(error)}`;
  }
}

describe('the reader context without identity decoding', () => {
  it('keeps every other setting', () => {
    const context = readerSettings({ anchorsPem: 'PEM' });
    expect(JSON.parse(contextWithoutIdentityDecoding(context))).toEqual({ ...JSON.parse(context), core: { decode_identity_assertions: false } });
    expect(contextWithoutIdentityDecoding(context)).toBe(contextWithoutIdentityDecoding(context));
  });
});

describe.skipIf(!hasCorpus)(`every file of ${CORPUS_DIR}`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const files = Object.entries(corpus.files);

  it('gets the same report without identity decoding unless it holds an identity assertion', { timeout: 120_000 }, async () => {
    const contexts = [readerSettings(), readerSettings({ anchorsPem: hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : '' })];
    const differing: string[] = [];
    for (const [file, expected] of files) {
      const bytes = corpusFile(file);
      for (const context of contexts) {
        const decoded = await storeOf(expected.mime, bytes, context);
        const undecoded = await storeOf(expected.mime, bytes, contextWithoutIdentityDecoding(context));
        if (canonical(decoded) === canonical(undecoded)) continue;
        differing.push(file);
        // Each store that reads differently is one the engine reads with decoding on.
        expect(mayHoldIdentityAssertion(bytes)).toBe(true);
        expect(typeof undecoded !== 'string' && listsIdentityAssertion(undecoded)).toBe(true);
      }
    }
    expect(new Set(differing)).toEqual(new Set(['c2pa-rs/C_with_CAWG_data.jpg']));
  });
});
