// Verifying from a file on disk (a ByteSource that is not memory) must give exactly the report of
// verify() over the same bytes: natively hashed BMFF, tampered BMFF (c2pa-wasm reading the file
// through the source), other formats, unsigned files, with and without anchors.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ByteSource } from './byte-source.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, NO_TRUST, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { withFileSource } from './io/file-source.ts';
import { makeBmff, makeImage } from './testing/make-assets.ts';
import { corpusFile, hasCorpus } from './testing/shared-corpus.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-verify-source-'));
let signer: ClaimSigner;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(dir, 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
});

/** A source that counts the bytes asked of it, to show the file is never read whole. */
function counting(source: ByteSource): { source: ByteSource; bytesRead: () => number; largestRead: () => number } {
  let total = 0;
  let largest = 0;
  const note = (length: number) => {
    total += length;
    largest = Math.max(largest, length);
  };
  return {
    source: {
      size: source.size,
      read: (offset, length) => (note(length), source.read(offset, length)),
      readSync: (offset, length) => (note(length), source.readSync!(offset, length)),
    },
    bytesRead: () => total,
    largestRead: () => largest,
  };
}

async function fromDisk(bytes: Uint8Array, mime: string, anchors: TrustStore, name: string) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return withFileSource(path, async (file) => {
    const probe = counting(file);
    const report = await verify(probe.source, mime, { trust: anchors }).then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));
    return { report, largestRead: probe.largestRead(), bytesRead: probe.bytesRead() };
  });
}

/** Where the file's top-level mdat box ends (32-bit box sizes, as makeBmff writes them). */
function mdatEnd(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = 0; offset + 8 <= bytes.byteLength; offset += view.getUint32(offset)) {
    if (Buffer.from(bytes.subarray(offset + 4, offset + 8)).toString('latin1') === 'mdat') return offset + view.getUint32(offset);
  }
  throw new Error('no mdat box');
}

const inMemory = (bytes: Uint8Array, mime: string, anchors: TrustStore) => verify(bytes, mime, { trust: anchors }).then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));

describe('verifying from a file on disk', () => {
  it('a signed MP4 streams through the native hash in chunks and reports what verify() does', async () => {
    const signed = (await sign(makeBmff('mp4', 20 * 1024 * 1024), 'video/mp4', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    for (const anchors of [NO_TRUST, trust]) {
      const { report, largestRead, bytesRead } = await fromDisk(signed, 'video/mp4', anchors, 'signed.mp4');
      expect(report).toEqual(await inMemory(signed, 'video/mp4', anchors));
      // Hashed in chunks of a few MB, and each byte read about once.
      expect(largestRead).toBeLessThanOrEqual(8 * 1024 * 1024);
      expect(bytesRead).toBeLessThan(signed.byteLength * 1.2);
    }
    expect((await fromDisk(signed, 'video/mp4', trust, 'signed.mp4')).report).toMatchObject({ value: { verification: { status: 'verified' } } });
  });

  it('a tampered MP4 is read by c2pa-wasm through the source, with the whole-file verdict', async () => {
    const signed = (await sign(makeBmff('mp4', 256 * 1024), 'video/mp4', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    const tampered = signed.slice();
    // A media byte: the engine appends its C2PA box, so the file's last bytes are the manifest's.
    tampered[mdatEnd(signed) - 1000]! ^= 0x01;
    const { report } = await fromDisk(tampered, 'video/mp4', trust, 'tampered.mp4');
    expect(report).toEqual(await inMemory(tampered, 'video/mp4', trust));
    expect(report).toMatchObject({ value: { verification: { status: 'invalid', reasonCode: 'assertion.bmffHash.mismatch' } } });
  });

  it('a JPEG and unsigned files give the same answers as verify()', async () => {
    const jpeg = (await sign(await makeImage('jpeg', 320, 240), 'image/jpeg', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    expect((await fromDisk(jpeg, 'image/jpeg', trust, 'signed.jpg')).report).toEqual(await inMemory(jpeg, 'image/jpeg', trust));
    const unsigned = makeBmff('mov', 4096);
    const { report } = await fromDisk(unsigned, 'video/quicktime', trust, 'unsigned.mov');
    expect(report).toEqual(await inMemory(unsigned, 'video/quicktime', trust));
    expect(report).toMatchObject({ value: { verification: { status: 'unsigned' } } });
  });

  it.skipIf(!hasCorpus)('corpus BMFF files, valid, fragmented and hostile, give the same answers as verify()', async () => {
    for (const file of ['video1.mp4', 'legacy.mp4', 'dashinit.mp4', 'nested_moov_1000.mp4', 'dash1.m4s']) {
      const bytes = corpusFile(`c2pa-rs/${file}`);
      expect((await fromDisk(bytes, 'video/mp4', NO_TRUST, file)).report, file).toEqual(await inMemory(bytes, 'video/mp4', NO_TRUST));
    }
  });
});
