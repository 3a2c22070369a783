// The native check of a BMFF hard binding must give c2pa-rs's verdict, codes and report on every
// file: the corpus's BMFF files, the engine's own signed MP4, MOV, M4A, HEIC, HEIF and AVIF, and
// tampered copies (a changed mdat byte, moved, added and cut boxes, a changed byte inside an
// excluded box), with and without anchors: the whole report JSON equals c2pa-wasm's whole-file read.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../byte-source.ts';
import { createPemSigner, ensureLocalPki, sign, verify, type ClaimSigner } from '../index.ts';
import { makeBmff } from '../testing/make-assets.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore, NO_TRUST } from '../trust/trust-store.ts';
import { BMFF_MIME_TYPES } from './bmff-hard-binding.ts';
import { readBmffNatively } from './bmff-read.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';

/** The state the native path answers on its own (no whole-file read by c2pa-wasm), or null when it leaves the file to c2pa-wasm. */
async function nativeState(bytes: Uint8Array, mime: string): Promise<string | null> {
  const read = await readBmffNatively(mime, bytesSource(bytes), readerSettings());
  read?.reader.free();
  return read ? (read.store.validation_state ?? 'none') : null;
}

const nativelyConfirmed = async (bytes: Uint8Array, mime: string) => (await nativeState(bytes, mime)) === 'Valid';

/** The engine's answer with the native check and with c2pa-wasm hashing the whole file. */
async function bothWays(bytes: Uint8Array, mime: string, anchors: string[]) {
  const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));
  const native = await settle(verify(bytes, mime, { trust: createTrustStore(anchors) }));
  const wasm = await settle(verify(bytes, mime, { trust: createTrustStore(anchors), nativeHardBinding: false }));
  return { native, wasm };
}

async function expectSameBothWays(bytes: Uint8Array, mime: string, anchorSets: string[][]) {
  let last: Awaited<ReturnType<typeof bothWays>>['native'] | undefined;
  for (const anchors of anchorSets) {
    const { native, wasm } = await bothWays(bytes, mime, anchors);
    expect(native).toEqual(wasm);
    last = native;
  }
  return last;
}

interface TopBox {
  type: string;
  start: number;
  end: number;
}

function topBoxes(bytes: Uint8Array): TopBox[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: TopBox[] = [];
  for (let offset = 0; offset + 8 <= bytes.byteLength; ) {
    const size = view.getUint32(offset);
    const type = Buffer.from(bytes.subarray(offset + 4, offset + 8)).toString('latin1');
    found.push({ type, start: offset, end: offset + size });
    offset += size;
  }
  return found;
}

const boxBytes = (type: string, payload: Uint8Array) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.byteLength);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

const join_ = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A manifest store as a top-level C2PA box, laid out as c2pa-rs writes one (purpose "manifest", no Merkle offset). */
function c2paBox(store: Uint8Array): Uint8Array {
  const payload = Buffer.concat([Buffer.from('d8fec3d61b0e483c92975828877ec481', 'hex'), Buffer.alloc(4), Buffer.from('manifest\0', 'latin1'), Buffer.alloc(8), store]);
  return boxBytes('uuid', payload);
}
const ANCHORLESS: string[] = [];

let signer: ClaimSigner;
let ourRoot: string;
let signedMp4: Uint8Array;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-bmff-')), 'pki'));
  ourRoot = pki.rootCertificatePem;
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signedMp4 = (await sign(makeBmff('mp4', 64 * 1024), 'video/mp4', { creator: 'Ada Reporter' }, { signer })).signedBytes;
});

describe('the engine’s own BMFF files', () => {
  it('an MP4 and a MOV are confirmed natively, with exactly the report c2pa-wasm gives reading the whole file', async () => {
    const mov = (await sign(makeBmff('mov', 32 * 1024), 'video/quicktime', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    for (const [bytes, mime] of [[signedMp4, 'video/mp4'], [mov, 'video/quicktime']] as const) {
      expect(await nativelyConfirmed(bytes, mime)).toBe(true);
      const native = await expectSameBothWays(bytes, mime, [ANCHORLESS, [ourRoot]]);
      expect(native).toMatchObject({ value: { verification: { status: 'verified' } } });
    }
  });

  it('a manifest placed after the media (made without embedding, its store appended as a C2PA box) is confirmed natively too', async () => {
    for (const [kind, mime] of [['mp4', 'video/mp4'], ['mov', 'video/quicktime']] as const) {
      const made = await sign(makeBmff(kind, 48 * 1024), mime, { creator: 'Ada Reporter' }, { signer, sidecar: true });
      const appended = join_(made.signedBytes, c2paBox(made.manifestStore));
      expect(await nativeState(appended, mime)).toBe('Valid');
      const native = await expectSameBothWays(appended, mime, [ANCHORLESS, [ourRoot]]);
      expect(native).toMatchObject({ value: { verification: { status: 'verified' } } });
    }
  });

  describe('tampered copies get c2pa-wasm’s own verdict', () => {
    const mime = 'video/mp4';
    const cases: [string, () => Uint8Array, 'invalid' | 'verified' | 'error'][] = [
      [
        'a changed byte in mdat (answered natively: the hash differs, as c2pa-rs finds)',
        () => {
          const bytes = signedMp4.slice();
          bytes[topBoxes(signedMp4).find((box) => box.type === 'mdat')!.end - 100]! ^= 0x01;
          return bytes;
        },
        'invalid',
      ],
      [
        // The engine appends its C2PA box (sign-source.ts); c2pa-rs places its own after ftyp.
        'the C2PA box moved from the end to after ftyp',
        () => {
          const [ftyp, ...rest] = topBoxes(signedMp4);
          const c2pa = rest.pop()!;
          expect(c2pa.type).toBe('uuid');
          return join_(signedMp4.subarray(ftyp!.start, ftyp!.end), signedMp4.subarray(c2pa.start, c2pa.end), ...rest.map((box) => signedMp4.subarray(box.start, box.end)));
        },
        'invalid',
      ],
      [
        'moov moved after mdat',
        () => {
          const boxes = topBoxes(signedMp4);
          const moov = boxes.find((box) => box.type === 'moov')!;
          return join_(signedMp4.subarray(0, moov.start), signedMp4.subarray(moov.end), signedMp4.subarray(moov.start, moov.end));
        },
        'invalid',
      ],
      ['an added box at the end', () => join_(signedMp4, boxBytes('abcd', new Uint8Array(16))), 'invalid'],
      // `free` is excluded by the assertion, and at the end it moves no other box: still intact.
      ['an added free box at the end', () => join_(signedMp4, boxBytes('free', new Uint8Array(16))), 'verified'],
      [
        'an added free box before moov (every later box moves)',
        () => {
          const moov = topBoxes(signedMp4).find((box) => box.type === 'moov')!;
          return join_(signedMp4.subarray(0, moov.start), boxBytes('free', new Uint8Array(8)), signedMp4.subarray(moov.start));
        },
        'invalid',
      ],
      // Cut inside the C2PA box at the end: no manifest store can be read, either way.
      ['a truncated file', () => signedMp4.slice(0, signedMp4.byteLength - 500), 'error'],
      [
        'mdat cut short (every later box moves)',
        () => {
          const mdat = topBoxes(signedMp4).find((box) => box.type === 'mdat')!;
          const bytes = join_(signedMp4.subarray(0, mdat.end - 500), signedMp4.subarray(mdat.end));
          new DataView(bytes.buffer, bytes.byteOffset).setUint32(mdat.start, mdat.end - mdat.start - 500);
          return bytes;
        },
        'invalid',
      ],
      [
        'a changed byte inside the excluded ftyp',
        () => {
          const bytes = signedMp4.slice();
          bytes[12]! ^= 0x01; // the minor version
          return bytes;
        },
        'verified',
      ],
      ['trailing bytes after the last box', () => join_(signedMp4, new Uint8Array(5)), 'invalid'],
    ];
    it.each(cases)('%s', async (name, make, status) => {
      const bytes = make();
      if (name.startsWith('a changed byte in mdat')) expect(await nativeState(bytes, mime)).toBe('Invalid');
      const native = await expectSameBothWays(bytes, mime, [ANCHORLESS, [ourRoot]]);
      if (status === 'error') expect(native).toHaveProperty('error');
      else expect(native).toMatchObject({ value: { verification: { status } } });
    });
  });
});

describe.skipIf(!hasCorpus)(`every BMFF file of ${CORPUS_DIR}`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const bmff = Object.entries(corpus.files).filter(([, expected]) => BMFF_MIME_TYPES.has(expected.mime));
  const anchors = () => [corpusText('trust/c2pa-rs-test-roots.pem'), corpusText('trust/C2PA-TRUST-LIST.pem')];

  it.each(bmff.map(([file, expected]) => [file, expected.mime]))('%s: the same answer natively as from c2pa-wasm, with and without anchors', async (file, mime) => {
    await expectSameBothWays(corpusFile(file), mime, [ANCHORLESS, anchors()]);
  });

  it('confirms the intact ones natively (the shortcut is not dead code), never an invalid one', async () => {
    const confirmed: string[] = [];
    for (const [file, expected] of bmff) {
      const state = await nativeState(corpusFile(file), expected.mime);
      if (state === 'Valid') confirmed.push(file);
      // A file c2pa-rs finds invalid or cannot read is answered Invalid natively or left to c2pa-wasm.
      if (expected.untrusted.state !== 'Valid') expect([null, 'Invalid']).toContain(state);
    }
    expect(confirmed.sort()).toEqual(['c2pa-rs/legacy.mp4', 'c2pa-rs/video1.mp4']);
  });

  it('keeps a changed byte inside an excluded subset (stco chunk offsets of a v2 hash) intact, as c2pa-rs does', async () => {
    const bytes = corpusFile('c2pa-rs/video1.mp4');
    const moov = topBoxes(bytes).find((box) => box.type === 'moov')!;
    const at = Buffer.from(bytes).indexOf('stco', moov.start, 'latin1');
    expect(at).toBeGreaterThan(0);
    // The box starts 4 bytes before its type; the subset excluded starts 16 bytes into it.
    bytes[at - 4 + 20]! ^= 0x01;
    expect(await nativelyConfirmed(bytes, 'video/mp4')).toBe(true);
    const native = await expectSameBothWays(bytes, 'video/mp4', [ANCHORLESS, anchors()]);
    expect(native).toMatchObject({ value: { verification: { status: 'partial' } } });
  });

  it.each([
    ['c2pa-rs/c.mov', 'video/quicktime'],
    ['c2pa-rs/sample1.m4a', 'audio/mp4'],
    ['c2pa-rs/sample1.heic', 'image/heic'],
    ['c2pa-rs/sample1.heif', 'image/heif'],
    ['c2pa-rs/sample1.avif', 'image/avif'],
  ])('%s signed by the engine is confirmed natively with c2pa-wasm’s report', async (file, mime) => {
    const signed = (await sign(corpusFile(file), mime, { creator: 'Ada Reporter' }, { signer })).signedBytes;
    expect(await nativelyConfirmed(signed, mime)).toBe(true);
    const native = await expectSameBothWays(signed, mime, [ANCHORLESS, [ourRoot]]);
    expect(native).toMatchObject({ value: { verification: { status: 'verified' } } });
  });
});

describe('NO_TRUST reads', () => {
  it('give the same report natively without any anchors object', async () => {
    const native = await verify(signedMp4, 'video/mp4', { trust: NO_TRUST });
    const wasm = await verify(signedMp4, 'video/mp4', { trust: NO_TRUST, nativeHardBinding: false });
    expect(native).toEqual(wasm);
    expect(native.verification.status).toBe('partial');
  });
});
