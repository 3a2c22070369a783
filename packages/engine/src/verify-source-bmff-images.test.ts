// HEIC, HEIF and AVIF are BMFF too: verified from a file on disk (verifySource, as the server does
// for a spooled upload of these formats) they must give exactly the report verify() gives over the
// same bytes, signed (natively hashed), tampered (a changed byte inside mdat, an added box), and
// unsigned, with and without trust anchors. The files are the corpus's sample1.heic/.heif/.avif
// signed here, and an AVIF made by sharp.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBmffTree } from './containers/bmff-boxes.ts';
import { bytesSource } from './byte-source.ts';
import { NO_TRUST, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { withFileSource } from './io/file-source.ts';
import { makeImage } from './testing/make-assets.ts';
import { openLocalSigning } from './testing/local-signing.ts';
import { corpusFile, hasCorpus } from './testing/shared-corpus.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-verify-source-heic-'));
let signer: ClaimSigner;
let trust: TrustStore;

beforeAll(async () => {
  ({ signer, trust } = await openLocalSigning('pg-verify-source-heic-pki-'));
});

type Outcome = { value: unknown } | { error: string };
const settle = (promise: Promise<unknown>): Promise<Outcome> => promise.then((value) => ({ value }), (error: unknown) => ({ error: String(error) }));

async function fromDisk(bytes: Uint8Array, mime: string, anchors: TrustStore, name: string): Promise<Outcome> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return withFileSource(path, (file) => settle(verify(file, mime, { trust: anchors })));
}

/** A byte inside the file's mdat payload, changed. */
async function tamperMdat(bytes: Uint8Array): Promise<Uint8Array> {
  const mdat = (await readBmffTree(bytesSource(bytes)))!.find((box) => box.type === 'mdat')!;
  const tampered = bytes.slice();
  tampered[mdat.offset + Math.floor(mdat.size / 2)]! ^= 0x01;
  return tampered;
}

/** A top-level box the manifest does not know of, added at the end. */
function withAddedBox(bytes: Uint8Array): Uint8Array {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24);
  box.write('abcd', 4, 'latin1');
  return new Uint8Array(Buffer.concat([bytes, box]));
}

async function expectSameFromDisk(bytes: Uint8Array, mime: string, name: string): Promise<Outcome> {
  let withTrust: Outcome | undefined;
  for (const anchors of [NO_TRUST, trust]) {
    const disk = await fromDisk(bytes, mime, anchors, name);
    expect(disk, `${name} ${anchors === trust ? 'with' : 'without'} anchors`).toEqual(await settle(verify(bytes, mime, { trust: anchors })));
    if (anchors === trust) withTrust = disk;
  }
  return withTrust!;
}

const status = (outcome: Outcome) => ('value' in outcome ? (outcome.value as { verification: { status: string } }).verification.status : outcome.error);

describe('HEIC, HEIF and AVIF verified from a file on disk', () => {
  const samples: [string, string][] = [
    ['sample1.heic', 'image/heic'],
    ['sample1.heif', 'image/heif'],
    ['sample1.avif', 'image/avif'],
  ];

  it.skipIf(!hasCorpus)('the corpus samples, signed, tampered, with a box added, and unsigned, give the reports verify() gives', async () => {
    for (const [file, mime] of samples) {
      const unsigned = corpusFile(`c2pa-rs/${file}`);
      expect(status(await expectSameFromDisk(unsigned, mime, `unsigned-${file}`))).toBe('unsigned');
      const signed = (await sign(unsigned, mime, { creator: 'Ada Reporter' }, { signer })).signedBytes;
      expect(status(await expectSameFromDisk(signed, mime, `signed-${file}`)), file).toBe('verified');
      expect(status(await expectSameFromDisk(await tamperMdat(signed), mime, `tampered-${file}`)), file).toBe('invalid');
      await expectSameFromDisk(withAddedBox(signed), mime, `added-${file}`);
    }
  });

  it('an AVIF made by sharp, signed and tampered, gives the reports verify() gives', async () => {
    const signed = (await sign(await makeImage('avif', 640, 480), 'image/avif', { creator: 'Ada Reporter' }, { signer })).signedBytes;
    expect(status(await expectSameFromDisk(signed, 'image/avif', 'signed.avif'))).toBe('verified');
    expect(status(await expectSameFromDisk(await tamperMdat(signed), 'image/avif', 'tampered.avif'))).toBe('invalid');
  });
});
