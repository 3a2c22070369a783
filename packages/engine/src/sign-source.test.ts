// Signing a BMFF file from a source, without c2pa-wasm seeing it: the file followed by the returned
// C2PA box must verify exactly as c2pa-wasm reading the whole file says, verified, for MP4, MOV and
// HEIC; changed afterwards it is invalid; a file already signed, or not BMFF, is refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from './byte-source.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { withFileSource } from './io/file-source.ts';
import { signBmffSource } from './sign-source.ts';
import { makeBmff, makeImage } from './testing/make-assets.ts';
import { corpusFile, hasCorpus } from './testing/shared-corpus.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-sign-source-'));
let signer: ClaimSigner;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(dir, 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
});

async function bothWays(bytes: Uint8Array, mime: string) {
  const native = await verify(bytes, mime, { trust });
  const wasm = await verify(bytes, mime, { trust, nativeHardBinding: false });
  expect(native).toEqual(wasm);
  return native;
}

describe('signing a BMFF file from a source', () => {
  it.each([
    ['an MP4 on disk', 'video/mp4', () => makeBmff('mp4', 3 * 1024 * 1024)],
    ['a MOV', 'video/quicktime', () => makeBmff('mov', 64 * 1024)],
    ...(hasCorpus ? [['the corpus HEIC', 'image/heic', () => corpusFile('c2pa-rs/sample1.heic')] as const] : []),
  ] as const)('%s: the file with the box appended verifies, as c2pa-wasm whole-file says', async (_name, mime, make) => {
    const original = make();
    const path = join(dir, `original-${mime.replace('/', '-')}`);
    writeFileSync(path, original);
    const signed = await withFileSource(path, (source) => signBmffSource(source, mime, { creator: 'Ada Reporter', aiAssisted: false }, signer));
    const file = new Uint8Array(Buffer.concat([original, signed.manifestBox]));
    const report = await bothWays(file, mime);
    expect(report.verification).toMatchObject({ status: 'verified', credentials: { creator: 'Ada Reporter' } });
    expect(report.report.manifestId).toBe(signed.manifestId);
    expect(report.report.codes.success.map((code) => code.code)).toContain('assertion.bmffHash.match');

    const tampered = file.slice();
    tampered[Math.floor(original.byteLength * 0.9)]! ^= 0x01;
    expect((await bothWays(tampered, mime)).verification.status).toBe('invalid');
  });

  it('refuses a file that already carries Content Credentials, and formats that are not BMFF', async () => {
    const embedded = (await sign(makeBmff('mp4', 4096), 'video/mp4', { creator: 'Ada' }, { signer })).signedBytes;
    await expect(signBmffSource(bytesSource(embedded), 'video/mp4', { creator: 'Ada' }, signer)).rejects.toMatchObject({ code: 'malformed_asset' });
    await expect(signBmffSource(bytesSource(await makeImage('jpeg')), 'image/jpeg', { creator: 'Ada' }, signer)).rejects.toMatchObject({ code: 'unsupported_format' });
    await expect(signBmffSource(bytesSource(new Uint8Array(64).fill(3)), 'video/mp4', { creator: 'Ada' }, signer)).rejects.toMatchObject({ code: 'malformed_asset' });
  });
});
