// The native check of a JPEG's hard binding must give c2pa-rs's verdict, codes and report on every
// file: the corpus's JPEGs and the engine's own, intact and tampered, with and without anchors.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore, NO_TRUST, type TrustStore } from '../trust/trust-store.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { manifestCount } from './jumbf.ts';
import { jpegManifestSegments, manifestPrefix } from './jpeg-hard-binding.ts';
import { withWholeFileBinding } from '../hard-binding/data-hash-binding.ts';

const manifestSegmentsEnd = (bytes: Uint8Array) => jpegManifestSegments(bytes)?.end ?? null;
import { readerSettings } from '../c2pa/reader-settings.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';

/** Whether the native path confirms the file on its own (no whole-file read by c2pa-wasm). */
async function nativelyConfirmed(bytes: Uint8Array): Promise<boolean> {
  const end = manifestSegmentsEnd(bytes);
  if (end === null) return false;
  const { WasmReader } = loadC2pa();
  const reader = await WasmReader.fromBytes('image/jpeg', manifestPrefix(bytes, end), readerSettings()).catch(() => null);
  if (!reader) return false;
  try {
    const store = reader.manifestStore() as RawManifestStore;
    const storeBytes = reader.resourceToBytes(`self#jumbf=/c2pa/${store.active_manifest}/c2pa.signature`);
    // The store joined from the APP11 segments holds the manifests c2pa-rs read.
    expect(manifestCount(jpegManifestSegments(bytes)!.store)).toBe(Object.keys(store.manifests ?? {}).length);
    return withWholeFileBinding(store, storeBytes, bytes) !== null;
  } finally {
    reader.free();
  }
}

/** The engine's answer with the native check and with c2pa-wasm hashing the whole file. */
async function bothWays(bytes: Uint8Array, trust: TrustStore) {
  const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));
  const native = await settle(verify(bytes, 'image/jpeg', { trust: createTrustStore(trust.anchors.map((anchor) => anchor.pem)) }));
  const wasm = await settle(verify(bytes, 'image/jpeg', { trust: createTrustStore(trust.anchors.map((anchor) => anchor.pem)), nativeHardBinding: false }));
  return { native, wasm };
}

let signed: Uint8Array;
let ourTrust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-binding-')), 'pki'));
  ourTrust = createTrustStore([pki.rootCertificatePem]);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signed = (await sign(await makeImage('jpeg', 640, 480), 'image/jpeg', { creator: 'Ada Reporter' }, { signer })).signedBytes;
});

describe('the engine’s own JPEGs', () => {
  it('are confirmed natively, with exactly the report c2pa-wasm gives reading the whole file', async () => {
    expect(await nativelyConfirmed(signed)).toBe(true);
    for (const trust of [NO_TRUST, ourTrust]) {
      const { native, wasm } = await bothWays(signed, trust);
      expect(native).toEqual(wasm);
    }
    const { native } = await bothWays(signed, ourTrust);
    expect(native).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('leave a changed image byte to c2pa-wasm, which reports the data hash mismatch', async () => {
    const tampered = signed.slice();
    const index = tampered.byteLength - 100;
    tampered[index] = tampered[index]! ^ 0xff;
    expect(await nativelyConfirmed(tampered)).toBe(false);
    const { native, wasm } = await bothWays(tampered, ourTrust);
    expect(native).toEqual(wasm);
    expect(native).toMatchObject({ value: { verification: { status: 'invalid' } } });
  });

  it('leave a file with a second C2PA JUMBF segment after the first scan to c2pa-wasm', async () => {
    const end = manifestSegmentsEnd(signed)!;
    const segment = signed.subarray(2, end);
    const twice = new Uint8Array(signed.byteLength - 2 + segment.byteLength);
    twice.set(signed.subarray(0, signed.byteLength - 2));
    twice.set(segment, signed.byteLength - 2);
    twice.set([0xff, 0xd9], twice.byteLength - 2);
    expect(manifestSegmentsEnd(twice)).toBeNull();
  });

  it('only take files that start as a JPEG', () => {
    expect(manifestSegmentsEnd(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(manifestSegmentsEnd(signed.subarray(0, 40))).toBeNull();
  });
});

describe.skipIf(!hasCorpus)(`every JPEG of ${CORPUS_DIR}`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const jpegs = Object.entries(corpus.files).filter(([, expected]) => expected.mime === 'image/jpeg');
  const anchors = () => createTrustStore([corpusText('trust/c2pa-rs-test-roots.pem'), corpusText('trust/C2PA-TRUST-LIST.pem')]);

  it.each(jpegs.map(([file]) => file))('%s: the same answer natively as from c2pa-wasm, with and without anchors', async (file) => {
    const bytes = corpusFile(file);
    for (const trust of [NO_TRUST, anchors()]) {
      const { native, wasm } = await bothWays(bytes, trust);
      expect(native).toEqual(wasm);
    }
  });

  it('confirms most intact ones natively (the shortcut is not dead code)', async () => {
    const confirmed: string[] = [];
    for (const [file, expected] of jpegs) {
      if (await nativelyConfirmed(corpusFile(file))) confirmed.push(file);
      // Never for a file c2pa-rs finds invalid or cannot read.
      if (expected.untrusted.state !== 'Valid' && expected.untrusted.state !== 'Trusted') expect(confirmed).not.toContain(file);
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(5);
  });
});
