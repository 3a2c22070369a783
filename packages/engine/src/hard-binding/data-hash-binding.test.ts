// The native data hash check on every format it is on for (PNG, GIF, MP3; JPEG has its own suite)
// must give c2pa-rs's report on every file: the engine's own, intact and tampered (a changed byte in
// the data, a changed byte in the excluded store, a block added before the store, the store moved,
// the file cut short), and the corpus's, with and without anchors.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProvenanceError } from '../errors.ts';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore, NO_TRUST, type TrustStore } from '../trust/trust-store.ts';
import { dataHashMatches, exclusionsOf, withWholeFileBinding } from './data-hash-binding.ts';
import { gifManifestPrefix } from '../containers/gif-manifest-prefix.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { manifestPrefixOf } from '../containers/manifest-prefix.ts';
import { mp3ManifestPrefix } from '../containers/mp3-manifest-prefix.ts';
import { pngManifestPrefix } from '../containers/png-manifest-prefix.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { loadC2pa } from '../c2pa/wasm.ts';

/** Whether the native path confirms the file on its own (no whole-file read by c2pa-wasm). */
async function nativelyConfirmed(mime: string, bytes: Uint8Array): Promise<boolean> {
  const layout = manifestPrefixOf(mime, bytes);
  if (!layout) return false;
  const reader = await loadC2pa().WasmReader.fromBytes(mime, layout.prefix, readerSettings()).catch(() => null);
  if (!reader) return false;
  try {
    const store = reader.manifestStore() as RawManifestStore;
    const storeBytes = reader.resourceToBytes(`self#jumbf=/c2pa/${store.active_manifest}/c2pa.signature`);
    // The store the format module joined is the one c2pa-rs read.
    if (layout.store) expect(Buffer.from(layout.store).equals(Buffer.from(storeBytes))).toBe(true);
    return withWholeFileBinding(store, storeBytes, bytes) !== null;
  } finally {
    reader.free();
  }
}

const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => {
      if (!(error instanceof ProvenanceError)) throw error;
      return { error: `${error.code}: ${error.message}` };
    },
  );

/** The engine's answer with the native check and with c2pa-wasm hashing the whole file. */
async function bothWays(mime: string, bytes: Uint8Array, trust: TrustStore) {
  const fresh = () => createTrustStore(trust.anchors.map((anchor) => anchor.pem));
  const native = await settle(verify(bytes, mime, { trust: fresh(), thumbnails: true }));
  const whole = await settle(verify(bytes, mime, { trust: fresh(), thumbnails: true, nativeHardBinding: false }));
  return { native, whole };
}

const flip = (bytes: Uint8Array, at: number) => {
  const copy = bytes.slice();
  copy[at] = copy[at]! ^ 0x5a;
  return copy;
};
const insert = (bytes: Uint8Array, at: number, extra: Uint8Array) => Buffer.concat([bytes.subarray(0, at), extra, bytes.subarray(at)]);

interface Layout {
  /** Where the manifest's own block (chunk, extension, tag) starts and ends. */
  storeStart: number;
  storeEnd: number;
  /** A block of the format that c2pa-rs reads past, to add before the store. */
  filler: Uint8Array;
  /** Where data the hash covers starts after the store (the image or audio). */
  dataAfter: number;
  /** Where the store, taken out, goes back in to be moved (default: a little later). */
  moveTo?: (withoutStore: Uint8Array) => number;
}

function pngLayout(bytes: Uint8Array): Layout {
  const view = Buffer.from(bytes);
  const start = view.indexOf('caBX') - 4;
  const end = start + 12 + view.readUInt32BE(start);
  // A tEXt chunk (CRC not checked by c2pa-rs).
  const text = Buffer.from('tEXtComment\0hello');
  const filler = Buffer.concat([Buffer.from([0, 0, 0, text.byteLength - 4]), text, Buffer.alloc(4)]);
  return { storeStart: start, storeEnd: end, filler, dataAfter: view.indexOf('IDAT') + 20, moveTo: (withoutStore) => withoutStore.byteLength - 12 };
}

function gifLayout(bytes: Uint8Array): Layout {
  const view = Buffer.from(bytes);
  const start = view.indexOf('C2PA_GIF') - 3;
  const prefix = gifManifestPrefix(bytes)!;
  const end = prefix.prefix.byteLength - 1;
  // A comment extension.
  const filler = Buffer.from([0x21, 0xfe, 5, ...Buffer.from('hello'), 0]);
  return { storeStart: start, storeEnd: end, filler, dataAfter: end + 40 };
}

function mp3Layout(bytes: Uint8Array): Layout {
  const end = mp3ManifestPrefix(bytes)!.prefix.byteLength;
  return { storeStart: Buffer.from(bytes).indexOf('GEOB'), storeEnd: end, filler: new Uint8Array(0), dataAfter: end + 100 };
}

const FORMATS = [
  { mime: 'image/png', layout: pngLayout, make: () => makeImage('png', 320, 240), corpus: 'c2pa-rs/sample1.png' },
  { mime: 'image/gif', layout: gifLayout, make: () => makeImage('gif', 320, 240), corpus: 'c2pa-rs/sample1.gif' },
  { mime: 'audio/mpeg', layout: mp3Layout, make: null, corpus: 'c2pa-rs/sample1.mp3' },
] as const;

let signer: ReturnType<typeof createPemSigner>;
let ourTrust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-data-hash-')), 'pki'));
  ourTrust = createTrustStore([pki.rootCertificatePem]);
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
});

describe.each(FORMATS)('$mime signed by the engine', ({ mime, layout, make, corpus }) => {
  const originals = async (): Promise<Uint8Array[]> => [...(make ? [await make()] : []), ...(hasCorpus ? [corpusFile(corpus)] : [])];

  it('is confirmed natively, with exactly the report c2pa-wasm gives reading the whole file, and verifies', async () => {
    for (const original of await originals()) {
      const { signedBytes } = await sign(original, mime, { creator: 'Ada Reporter' }, { signer });
      expect(await nativelyConfirmed(mime, signedBytes)).toBe(true);
      for (const trust of [NO_TRUST, ourTrust]) {
        const { native, whole } = await bothWays(mime, signedBytes, trust);
        expect(native).toEqual(whole);
      }
      expect((await bothWays(mime, signedBytes, ourTrust)).native).toMatchObject({ value: { verification: { status: 'verified' } } });
    }
  });

  it('gives c2pa-rs’s report on tampered copies (data byte, store byte, block added, store moved, cut short)', async () => {
    for (const original of await originals()) {
      const { signedBytes } = await sign(original, mime, { creator: 'Ada Reporter' }, { signer });
      const { storeStart, storeEnd, filler, dataAfter, moveTo } = layout(signedBytes);
      const store = signedBytes.subarray(storeStart, storeEnd);
      const withoutStore = Buffer.concat([signedBytes.subarray(0, storeStart), signedBytes.subarray(storeEnd)]);
      const tampered: Record<string, Uint8Array> = {
        'a changed data byte': flip(signedBytes, dataAfter),
        'the last byte changed': flip(signedBytes, signedBytes.byteLength - 2),
        'a changed byte in the excluded store': flip(signedBytes, storeStart + Math.floor((storeEnd - storeStart) / 2)),
        'a block added before the store': filler.byteLength > 0 ? insert(signedBytes, storeStart, filler) : insert(signedBytes, signedBytes.byteLength, Buffer.from('TAG')),
        'the store moved later': insert(withoutStore, moveTo ? moveTo(withoutStore) : Math.min(withoutStore.byteLength, storeStart + 64), store),
        'cut short': signedBytes.subarray(0, signedBytes.byteLength - 1000),
        'cut inside the store': signedBytes.subarray(0, storeEnd - 10),
      };
      for (const [name, bytes] of Object.entries(tampered)) {
        for (const trust of [NO_TRUST, ourTrust]) {
          const { native, whole } = await bothWays(mime, bytes, trust);
          expect(native, name).toEqual(whole);
        }
        expect(await nativelyConfirmed(mime, bytes), name).toBe(false);
      }
    }
  });
});

describe('the data hash itself', () => {
  const bytes = Uint8Array.from({ length: 100 }, (_, index) => index);
  const sha256 = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

  it('hashes what is outside the exclusions, merging overlaps, as c2pa-rs does', async () => {
    const kept = Buffer.concat([bytes.subarray(0, 10), bytes.subarray(30)]);
    const hash = await sha256(kept);
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, exclusions: [{ start: 20, length: 10 }, { start: 10, length: 15 }] })).toBe(true);
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, exclusions: [{ start: 10, length: 20 }, { start: 50, length: 0 }] })).toBe(true);
    expect(dataHashMatches(bytes, { alg: 'sha256', hash: await sha256(bytes) })).toBe(true);
  });

  it('fails where c2pa-rs fails: the last range by start past the end, an unknown or missing algorithm, a remote hash', async () => {
    const hash = await sha256(bytes.subarray(0, 10));
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, exclusions: [{ start: 10, length: 90 }] })).toBe(true);
    // An empty range past the end still fails c2pa-rs's range check.
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, exclusions: [{ start: 10, length: 90 }, { start: 101, length: 0 }] })).toBe(false);
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, exclusions: [{ start: 10, length: 91 }] })).toBe(false);
    expect(dataHashMatches(bytes, { alg: 'md5', hash, exclusions: [{ start: 10, length: 90 }] })).toBe(false);
    expect(dataHashMatches(bytes, { hash, exclusions: [{ start: 10, length: 90 }] })).toBe(false);
    expect(dataHashMatches(bytes, { alg: 'sha256', hash, url: 'https://example.org', exclusions: [{ start: 10, length: 90 }] })).toBe(false);
    expect(exclusionsOf({ exclusions: [{ start: -1, length: 2 }] })).toBeNull();
    expect(exclusionsOf({ exclusions: [{ start: 1.5, length: 2 }] })).toBeNull();
    expect(exclusionsOf({ exclusions: 'all' })).toBeNull();
  });
});

describe('formats left to c2pa-wasm whole', () => {
  it('have no manifest prefix: WebP, WAV, TIFF, PDF and SVG keep the store where only the whole file reaches it', async () => {
    for (const mime of ['image/webp', 'audio/wav', 'image/tiff', 'application/pdf', 'image/svg+xml', 'video/mp4']) {
      expect(manifestPrefixOf(mime, new Uint8Array(64))).toBeNull();
    }
    const png = await makeImage('png', 32, 32);
    expect(pngManifestPrefix(png)).toBeNull(); // unsigned: no caBX
  });
});

describe.skipIf(!hasCorpus)(`every PNG, GIF and MP3 of ${CORPUS_DIR}`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const files = Object.entries(corpus.files).filter(([, expected]) => ['image/png', 'image/gif', 'audio/mpeg'].includes(expected.mime));
  const anchors = () => createTrustStore([corpusText('trust/c2pa-rs-test-roots.pem'), corpusText('trust/C2PA-TRUST-LIST.pem')]);

  it.each(files.map(([file, expected]) => [file, expected.mime]))('%s: the same answer natively as from c2pa-wasm, with and without anchors', async (file, mime) => {
    const bytes = corpusFile(file);
    for (const trust of [NO_TRUST, anchors()]) {
      const { native, whole } = await bothWays(mime, bytes, trust);
      expect(native).toEqual(whole);
    }
  });

});
