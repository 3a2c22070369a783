// A JPEG verified from a source that fills while the engine reads it (an upload still arriving) must
// give exactly verify()'s report on the same bytes: the corpus's JPEGs, our own, and tampered ones (a
// changed byte after the manifest, the file cut short, bytes after its end, a second manifest
// segment), with and without anchors. A file that stops arriving fails the verification at once.
// A digest the receiving thread offers is taken only for the manifest's own exclusion, and never
// makes a changed file verified. A PNG is read the same way (its caBX chunk from the head, the rest
// of c2pa-rs's chunk walk over the hashed chunks), tampered and oddly laid out ones included.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFillingWriter, fillingSource, FillingFailedError, type FillingWriter } from '../filling-source.ts';
import { sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { openLocalSigning } from '../testing/local-signing.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore, NO_TRUST, type TrustStore } from '../trust/trust-store.ts';
import { dataHashSourceRead } from './data-hash-source-read.ts';
import { jpegManifestSegments, jpegSegmentsExcludedDigest } from '../containers/jpeg-hard-binding.ts';
import { findJumbfSegment, jpegSourceSegments } from '../containers/jpeg-source-segments.ts';
import { pngChunkExcludedDigest, pngManifestPrefix } from '../containers/png-manifest-prefix.ts';
import { pngSourceChunks } from '../containers/png-source-chunks.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { bytesSource } from '../byte-source.ts';

const settle = (promise: Promise<unknown>) => promise.then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));
const fresh = (trust: TrustStore) => createTrustStore(trust.anchors.map((anchor) => anchor.pem));

/** Writes `bytes` into the writer in chunks of `chunk`, one per turn of the event loop, as a socket would. */
async function trickle(writer: FillingWriter, bytes: Uint8Array, chunk: number, stopAt = bytes.byteLength): Promise<void> {
  for (let at = 0; at < stopAt; at += chunk) {
    await new Promise((resolve) => setImmediate(resolve));
    writer.write(bytes.subarray(at, Math.min(stopAt, at + chunk)));
  }
}

/** verifySource over the bytes as they arrive, and verify() over them whole. */
async function bothWays(bytes: Uint8Array, trust: TrustStore, chunk = 16 * 1024, mime = 'image/jpeg') {
  const writer = createFillingWriter(bytes.byteLength);
  const [streamed] = await Promise.all([settle(verify(fillingSource(writer.shared), mime, { trust: fresh(trust), thumbnails: true })), trickle(writer, bytes, chunk)]);
  const whole = await settle(verify(bytes, mime, { trust: fresh(trust), thumbnails: true }));
  return { streamed, whole };
}

/** Whether the streamed native read confirms the file on its own (no whole-file read by c2pa-wasm). */
async function nativelyConfirmed(bytes: Uint8Array, mime = 'image/jpeg'): Promise<boolean> {
  const read = await dataHashSourceRead(mime, bytesSourceWithoutMemory(bytes))(readerSettings());
  read?.reader.free();
  return read !== null;
}

/** The bytes as a source that is not recognised as memory, as a filling one is not. */
function bytesSourceWithoutMemory(bytes: Uint8Array) {
  const source = bytesSource(bytes);
  return { size: source.size, read: source.read };
}

let signed: Uint8Array;
let ourTrust: TrustStore;

beforeAll(async () => {
  const local = await openLocalSigning('pg-streamed-jpeg-');
  ourTrust = local.trust;
  signed = (await sign(await makeImage('jpeg', 800, 600), 'image/jpeg', { creator: 'Ada Reporter' }, { signer: local.signer })).signedBytes;
});

describe('the engine’s own JPEGs, arriving in chunks', () => {
  it('are confirmed natively with verify()’s report, with and without anchors', async () => {
    expect(await nativelyConfirmed(signed)).toBe(true);
    for (const trust of [NO_TRUST, ourTrust]) {
      for (const chunk of [1000, 64 * 1024]) {
        const { streamed, whole } = await bothWays(signed, trust, chunk);
        expect(streamed).toEqual(whole);
      }
    }
    expect((await bothWays(signed, ourTrust)).streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('finds the same segments as the in-memory walk', async () => {
    const found = await jpegSourceSegments(bytesSourceWithoutMemory(signed));
    const inMemory = jpegManifestSegments(signed)!;
    expect(found?.end).toBe(inMemory.end);
    expect(Buffer.from(found!.store).equals(Buffer.from(inMemory.store))).toBe(true);
  });

  it('a changed byte after the manifest, a cut-off file and bytes after the end give verify()’s verdicts', async () => {
    const changed = signed.slice();
    changed[changed.byteLength - 100]! ^= 0xff;
    const cut = signed.slice(0, signed.byteLength - 5000);
    const trailing = new Uint8Array([...signed, ...new Uint8Array(777).fill(7)]);
    for (const [name, bytes] of [['changed', changed], ['cut', cut], ['trailing', trailing]] as const) {
      expect(await nativelyConfirmed(bytes), name).toBe(false);
      for (const trust of [NO_TRUST, ourTrust]) {
        const { streamed, whole } = await bothWays(bytes, trust);
        expect(streamed, name).toEqual(whole);
        expect(streamed, name).toMatchObject({ value: { verification: { status: 'invalid' } } });
      }
    }
  });

  it('a second manifest segment after the first scan (anywhere, even across a chunk boundary) is left to c2pa-wasm', async () => {
    const end = jpegManifestSegments(signed)!.end;
    const segment = signed.subarray(2, end);
    const twice = new Uint8Array(signed.byteLength - 2 + segment.byteLength + 2);
    twice.set(signed.subarray(0, signed.byteLength - 2));
    twice.set(segment, signed.byteLength - 2);
    twice.set([0xff, 0xd9], twice.byteLength - 2);
    expect(jpegManifestSegments(twice)).toBeNull();
    expect(await nativelyConfirmed(twice)).toBe(false);
    const { streamed, whole } = await bothWays(twice, ourTrust);
    expect(streamed).toEqual(whole);
  });

  it('a JUMBF segment whose marker two chunks share is found from the chunk it starts in', () => {
    const file = new Uint8Array(200);
    file.set([0xff, 0xeb, 0x00, 0x10, 0x4a, 0x50], 97);
    // Chunks [0, 100) and [100, 200), each read with 5 bytes past its end.
    expect(findJumbfSegment(file.subarray(0, 105), 0, 0, 100, 200)).toBe(97);
    expect(findJumbfSegment(file.subarray(100, 200), 100, 100, 200, 200)).toBe(-1);
    // Not a JUMBF segment when it would end past the file.
    expect(findJumbfSegment(file.subarray(0, 102), 0, 0, 100, 102)).toBe(-1);
  });

  it('an unsigned JPEG and a file that is no JPEG give verify()’s answers', async () => {
    const unsigned = await makeImage('jpeg', 320, 240);
    const { streamed, whole } = await bothWays(unsigned, ourTrust);
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ value: { verification: { status: 'unsigned' } } });
    const png = await makeImage('png', 64, 64);
    const other = await bothWays(png, ourTrust);
    expect(other.streamed).toEqual(other.whole);
  });
});

/** A filling source that counts the bytes read from it (its offered digest passed through). */
function countingSource(writer: FillingWriter) {
  const source = fillingSource(writer.shared);
  let bytesRead = 0;
  return {
    source: { ...source, read: async (offset: number, length: number) => ((bytesRead += length), source.read(offset, length)) },
    bytesRead: () => bytesRead,
  };
}

/** The file written whole, `offer` then made by the writer, and the file verified from its source as it arrived. */
async function offeredThenVerified(bytes: Uint8Array, offer: (writer: FillingWriter) => boolean, trust: TrustStore = ourTrust, mime = 'image/jpeg') {
  const writer = createFillingWriter(bytes.byteLength);
  writer.write(bytes);
  const offered = offer(writer);
  const { source, bytesRead } = countingSource(writer);
  const streamed = await settle(verify(source, mime, { trust: fresh(trust), thumbnails: true }));
  const whole = await settle(verify(bytes, mime, { trust: fresh(trust), thumbnails: true }));
  return { offered, streamed, whole, bytesRead: bytesRead() };
}

describe('the digest the receiving thread offers (the file hashed outside its manifest segments)', () => {
  const segmentsEnd = () => jpegManifestSegments(signed)!.end;

  it('is taken for the manifest’s own exclusion: verify()’s report, the file not read past its head', async () => {
    for (const trust of [NO_TRUST, ourTrust]) {
      const { offered, streamed, whole, bytesRead } = await offeredThenVerified(signed, (writer) => writer.offerDigest(jpegSegmentsExcludedDigest), trust);
      expect(offered).toBe(true);
      expect(streamed).toEqual(whole);
      expect(bytesRead).toBeLessThan(signed.byteLength);
    }
    expect((await offeredThenVerified(signed, (writer) => writer.offerDigest(jpegSegmentsExcludedDigest))).streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('of a changed file does not confirm it: c2pa-wasm’s verdict, invalid', async () => {
    const changed = signed.slice();
    changed[changed.byteLength - 100]! ^= 0xff;
    const { offered, streamed, whole } = await offeredThenVerified(changed, (writer) => writer.offerDigest(jpegSegmentsExcludedDigest));
    expect(offered).toBe(true);
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ value: { verification: { status: 'invalid' } } });
  });

  it('is not trusted past its range: a digest of another exclusion is left, the reader hashes the file itself', async () => {
    const wrongRange = (writer: FillingWriter) => writer.offerDigest(() => ({ from: 2, to: segmentsEnd() + 1, digest: new Uint8Array(32) }));
    const { offered, streamed, whole, bytesRead } = await offeredThenVerified(signed, wrongRange);
    expect(offered).toBe(true);
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
    expect(bytesRead).toBeGreaterThanOrEqual(signed.byteLength);
  });

  it('a wrong digest for the right range only sends the file to c2pa-wasm whole, which gives the verdict', async () => {
    const { start, end } = jpegManifestSegments(signed)!;
    const { streamed, whole } = await offeredThenVerified(signed, (writer) => writer.offerDigest(() => ({ from: start, to: end, digest: new Uint8Array(32).fill(1) })));
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('is offered only once the file has arrived, only if the reader has not begun hashing, and not when it fails', async () => {
    const early = createFillingWriter(signed.byteLength);
    early.write(signed.subarray(0, 1000));
    let computed = 0;
    const counted = (bytes: Uint8Array) => ((computed += 1), jpegSegmentsExcludedDigest(bytes));
    expect(early.offerDigest(counted)).toBe(false);

    const claimed = createFillingWriter(signed.byteLength);
    claimed.write(signed);
    expect(await fillingSource(claimed.shared).excludedRangeDigest!(0, 10)).toBeNull();
    expect(claimed.offerDigest(counted)).toBe(false);
    expect(computed).toBe(0);

    const failing = createFillingWriter(signed.byteLength);
    failing.write(signed);
    expect(
      failing.offerDigest(() => {
        throw new Error('no');
      }),
    ).toBe(false);
    expect(await fillingSource(failing.shared).excludedRangeDigest!(0, 10)).toBeNull();
    expect(failing.offerDigest(counted)).toBe(false);
    expect(computed).toBe(0);
  });

  it('is the SHA-256 of the file outside its run of C2PA segments; none for a file without one, or with a second', async () => {
    const { start, end } = jpegManifestSegments(signed)!;
    expect([signed[start], signed[start + 1]]).toEqual([0xff, 0xeb]);
    const expected = createHash('sha256').update(signed.subarray(0, start)).update(signed.subarray(end)).digest();
    expect(jpegSegmentsExcludedDigest(signed)).toEqual({ from: start, to: end, digest: expected });
    expect(jpegSegmentsExcludedDigest(await makeImage('jpeg', 64, 48))).toBeNull();
    const twice = new Uint8Array([...signed.subarray(0, signed.byteLength - 2), ...signed.subarray(start, end), 0xff, 0xd9]);
    expect(jpegSegmentsExcludedDigest(twice)).toBeNull();
  });
});

/** A PNG chunk: length, type, data and a CRC (not checked by c2pa-rs, so zero here). */
function pngChunk(type: number[], data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.byteLength);
  new DataView(chunk.buffer).setUint32(0, data.byteLength);
  chunk.set(type, 4);
  chunk.set(data, 8);
  return chunk;
}

/** The PNG with `chunk` inserted before its IEND (the last 12 bytes). */
const beforeIend = (png: Uint8Array, chunk: Uint8Array) => new Uint8Array([...png.subarray(0, png.byteLength - 12), ...chunk, ...png.subarray(png.byteLength - 12)]);

describe('the engine’s own PNGs, arriving in chunks', () => {
  let png: Uint8Array;
  let pngTrust: TrustStore;
  beforeAll(async () => {
    const local = await openLocalSigning('pg-streamed-png-');
    pngTrust = local.trust;
    png = (await sign(await makeImage('png', 500, 400), 'image/png', { creator: 'Ada Reporter' }, { signer: local.signer })).signedBytes;
  });
  const bothPng = (bytes: Uint8Array, chunk = 16 * 1024, trust: TrustStore = pngTrust) => bothWays(bytes, trust, chunk, 'image/png');

  it('are confirmed natively with verify()’s report, with and without anchors', async () => {
    expect(await nativelyConfirmed(png, 'image/png')).toBe(true);
    for (const trust of [NO_TRUST, pngTrust]) {
      for (const chunk of [1000, 64 * 1024]) {
        const { streamed, whole } = await bothPng(png, chunk, trust);
        expect(streamed).toEqual(whole);
      }
    }
    expect((await bothPng(png)).streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('finds the caBX chunk and prefix the in-memory walk finds', async () => {
    const found = await pngSourceChunks(bytesSourceWithoutMemory(png));
    const inMemory = pngManifestPrefix(png)!;
    expect(Buffer.from(found!.prefix).equals(Buffer.from(inMemory.prefix))).toBe(true);
    expect(Buffer.from(found!.store).equals(Buffer.from(inMemory.store!))).toBe(true);
  });

  it('a changed pixel byte, a cut-off file and bytes after IEND give verify()’s verdicts', async () => {
    const changed = png.slice();
    changed[changed.byteLength - 40]! ^= 0xff;
    const cut = png.slice(0, png.byteLength - 2000);
    const trailing = new Uint8Array([...png, ...new Uint8Array(500).fill(9)]);
    for (const [name, bytes] of [['changed', changed], ['cut', cut], ['trailing', trailing]] as const) {
      expect(await nativelyConfirmed(bytes, 'image/png'), name).toBe(false);
      const { streamed, whole } = await bothPng(bytes);
      expect(streamed, name).toEqual(whole);
      expect(streamed, name).not.toMatchObject({ value: { verification: { status: 'verified' } } });
    }
  });

  it('take the digest of the file outside caBX the receiving thread offers; a changed one stays invalid', async () => {
    const { offered, streamed, whole, bytesRead } = await offeredThenVerified(png, (writer) => writer.offerDigest(pngChunkExcludedDigest), pngTrust, 'image/png');
    expect(offered).toBe(true);
    expect(streamed).toEqual(whole);
    expect(streamed).toMatchObject({ value: { verification: { status: 'verified' } } });
    expect(bytesRead).toBeLessThan(png.byteLength);
    const changed = png.slice();
    changed[changed.byteLength - 40]! ^= 0xff;
    const tampered = await offeredThenVerified(changed, (writer) => writer.offerDigest(pngChunkExcludedDigest), pngTrust, 'image/png');
    expect(tampered.streamed).toEqual(tampered.whole);
    expect(tampered.streamed).toMatchObject({ value: { verification: { status: 'invalid' } } });
    // None for a PNG without caBX, or one the walk refuses (a second caBX).
    expect(pngChunkExcludedDigest(await makeImage('png', 32, 32))).toBeNull();
    expect(pngChunkExcludedDigest(beforeIend(png, pngChunk([0x63, 0x61, 0x42, 0x58], new Uint8Array(4))))).toBeNull();
  });

  it('a layout the walk refuses past caBX is left to c2pa-wasm: a second caBX, a non-ASCII type, a chunk past the end, no IEND', async () => {
    const cases: [string, Uint8Array][] = [
      ['second caBX', beforeIend(png, pngChunk([0x63, 0x61, 0x42, 0x58], new Uint8Array(40)))],
      ['non-ASCII type', beforeIend(png, pngChunk([0x74, 0xc5, 0x58, 0x74], new Uint8Array(10)))],
      ['past the end', (() => {
        const bytes = beforeIend(png, pngChunk([0x74, 0x45, 0x58, 0x74], new Uint8Array(10)));
        new DataView(bytes.buffer).setUint32(bytes.byteLength - 12 - 22, 1_000_000);
        return bytes;
      })()],
      ['no IEND', png.slice(0, png.byteLength - 12)],
    ];
    for (const [name, bytes] of cases) {
      expect(pngManifestPrefix(bytes), name).toBeNull();
      expect(await nativelyConfirmed(bytes, 'image/png'), name).toBe(false);
      const { streamed, whole } = await bothPng(bytes);
      expect(streamed, name).toEqual(whole);
    }
  });
});

describe('a file that stops arriving', () => {
  it('fails the verification promptly when the writer fails it mid-way (cut off, refused)', async () => {
    const writer = createFillingWriter(signed.byteLength);
    const verifying = settle(verify(fillingSource(writer.shared), 'image/jpeg', { trust: fresh(ourTrust) }));
    await trickle(writer, signed, 16 * 1024, signed.byteLength / 2);
    writer.fail();
    expect(await verifying).toEqual({ error: expect.stringContaining('FillingFailedError') });
    expect(writer.write(new Uint8Array(10))).toBe(false);
  });

  it('fails a verification already past the head, and one started after the failure', async () => {
    const writer = createFillingWriter(signed.byteLength);
    await trickle(writer, signed, 64 * 1024, signed.byteLength - 10);
    const verifying = settle(verify(fillingSource(writer.shared), 'image/jpeg', { trust: fresh(ourTrust) }));
    setTimeout(() => writer.fail(), 20);
    expect(await verifying).toEqual({ error: expect.stringContaining('FillingFailedError') });
    await expect(fillingSource(writer.shared).read(0, 10)).rejects.toBeInstanceOf(FillingFailedError);
  });

  it('a read waits no longer than its limit for bytes that never come', async () => {
    const writer = createFillingWriter(1000);
    writer.write(new Uint8Array(100));
    const source = fillingSource(writer.shared, { readWaitMs: 50 });
    await expect(source.read(0, 100)).resolves.toHaveLength(100);
    await expect(source.read(0, 101)).rejects.toBeInstanceOf(FillingFailedError);
  });

  it('refuses a chunk past the declared size', () => {
    const writer = createFillingWriter(10);
    expect(writer.write(new Uint8Array(8))).toBe(true);
    expect(writer.write(new Uint8Array(3))).toBe(false);
    expect(writer.arrived()).toBe(8);
  });
});

describe.skipIf(!hasCorpus)(`every JPEG of ${CORPUS_DIR}, arriving in chunks`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const jpegs = Object.entries(corpus.files).filter(([, expected]) => expected.mime === 'image/jpeg');
  const anchors = () => createTrustStore([corpusText('trust/c2pa-rs-test-roots.pem'), corpusText('trust/C2PA-TRUST-LIST.pem')]);

  it.each(jpegs.map(([file]) => file))('%s: verify()’s answer, with and without anchors', async (file) => {
    const bytes = corpusFile(file);
    for (const trust of [NO_TRUST, anchors()]) {
      const { streamed, whole } = await bothWays(bytes, trust);
      expect(streamed).toEqual(whole);
    }
  });

  const pngs = Object.entries(corpus.files).filter(([, expected]) => expected.mime === 'image/png');
  it.each(pngs.map(([file]) => file))('%s (PNG): verify()’s answer, with and without anchors', async (file) => {
    const bytes = corpusFile(file);
    for (const trust of [NO_TRUST, anchors()]) {
      const { streamed, whole } = await bothWays(bytes, trust, 16 * 1024, 'image/png');
      expect(streamed).toEqual(whole);
    }
  });

  it('confirms most intact ones natively (the streamed read is not dead code)', async () => {
    let confirmed = 0;
    for (const [file] of jpegs) if (await nativelyConfirmed(corpusFile(file))) confirmed += 1;
    expect(confirmed).toBeGreaterThanOrEqual(5);
  });
});
