/**
 * Sidecars bind the original: on every signable format, the original and its .c2pa verify together
 * (trusted, with the hard binding's success code), the original with one byte changed fails with the
 * hash-mismatch code c2pa-rs uses for that format, and the sidecar of another file fails.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from '../index.ts';
import { BMFF_MIME_TYPES } from '../formats.ts';
import { SUPPORTED_FORMATS } from '../formats.ts';
import { makeBmff, makeImage, tamperJpegPixel } from '../testing/make-assets.ts';
import { corpusFile, hasCorpus } from '../testing/shared-corpus.ts';

let signer: ClaimSigner;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sidecar-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
});

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0' };

function makeSvg(seed: number): Uint8Array {
  return new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="${seed}" height="4" fill="#0a${seed}"/></svg>\n`);
}

/** A short PCM WAV (RIFF: fmt and data chunks) of noise. */
function makeWav(seed: number): Uint8Array {
  const samples = 2000;
  const out = Buffer.alloc(44 + samples);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(8000, 24);
  out.writeUInt32LE(8000, 28);
  out.writeUInt16LE(1, 32);
  out.writeUInt16LE(8, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples, 40);
  for (let index = 0; index < samples; index += 1) out[44 + index] = (index * seed * 31) & 0xff;
  return new Uint8Array(out);
}

/** Two different originals per signable format: made on the spot, or from ../shared/corpus. */
const MADE: Record<string, (seed: number) => Promise<Uint8Array>> = {
  'image/jpeg': (seed) => makeImage('jpeg', 96, 64, seed),
  'image/png': (seed) => makeImage('png', 96, 64, seed),
  'image/webp': (seed) => makeImage('webp', 96, 64, seed),
  'image/avif': (seed) => makeImage('avif', 96, 64, seed),
  'image/gif': (seed) => makeImage('gif', 96, 64, seed),
  'image/tiff': (seed) => makeImage('tiff', 96, 64, seed),
  'image/svg+xml': async (seed) => makeSvg(seed),
  'video/mp4': async (seed) => makeBmff('mp4', 4096, seed),
  'video/quicktime': async (seed) => makeBmff('mov', 4096, seed),
  'audio/wav': async (seed) => makeWav(seed),
};
const FROM_CORPUS: Record<string, [string, string]> = {
  'image/heic': ['c2pa-rs/sample1.heic', 'c2pa-rs/sample1.heif'],
  'image/heif': ['c2pa-rs/sample1.heif', 'c2pa-rs/sample1.heic'],
  'audio/mp4': ['c2pa-rs/sample1.m4a', 'c2pa-rs/sample1.m4a'],
  'audio/mpeg': ['c2pa-rs/sample1.mp3', 'c2pa-rs/sample1.mp3'],
  'application/pdf': ['c2pa-rs/basic.pdf', 'c2pa-rs/basic.pdf'],
};

/** One byte changed well inside the asset (in the image, media or document data). */
function changeOneByte(bytes: Uint8Array, mime: string): Uint8Array {
  if (mime === 'image/jpeg') return tamperJpegPixel(bytes);
  const changed = bytes.slice();
  const at = Math.floor(bytes.byteLength * 0.7);
  changed[at] = changed[at]! ^ 0x01;
  return changed;
}

async function expectSidecarProof(mime: string, original: Uint8Array, other: Uint8Array): Promise<void> {
  const signed = await sign(original, mime, metadata, { signer, sidecar: true });
  // c2pa-rs rewrites PDF and MP3 files to sign them; the sidecar binds what it returned.
  const rewritten = mime === 'application/pdf' || mime === 'audio/mpeg';
  expect(signed.assetUnchanged).toBe(!rewritten);
  if (!rewritten) expect(Buffer.from(signed.signedBytes).equals(original)).toBe(true);
  const asset = signed.signedBytes;
  const hashCode = BMFF_MIME_TYPES.has(mime) ? 'assertion.bmffHash' : 'assertion.dataHash';

  const pair = await verify(asset, mime, { trust, manifest: signed.manifestStore });
  expect(pair.verification.status).toBe('verified');
  expect(pair.report.manifestId).toBe(signed.manifestId);
  expect(pair.report.codes.failure).toEqual([]);
  expect(pair.report.codes.success.map((code) => code.code)).toContain(`${hashCode}.match`);

  const tampered = await verify(changeOneByte(asset, mime), mime, { trust, manifest: signed.manifestStore });
  expect(tampered.verification.status).toBe('invalid');
  expect(tampered.report.codes.failure.map((code) => code.code)).toEqual([`${hashCode}.mismatch`]);

  // A sidecar made for another file of the same format (or the same file's bytes signed elsewhere).
  const otherSigned = await sign(other === original ? changeOneByte(original, mime) : other, mime, metadata, { signer, sidecar: true });
  const swapped = await verify(asset, mime, { trust, manifest: otherSigned.manifestStore });
  expect(swapped.verification.status).toBe('invalid');
  expect(swapped.report.codes.failure.map((code) => code.code)).toContain(`${hashCode}.mismatch`);
}

describe('sidecars over the original, on every signable format', () => {
  it('has an original for every signable format', () => {
    const signable = SUPPORTED_FORMATS.filter((format) => format.signable).map((format) => format.mime);
    expect([...Object.keys(MADE), ...Object.keys(FROM_CORPUS)].sort()).toEqual(signable.sort());
  });

  for (const [mime, make] of Object.entries(MADE)) {
    it(`binds an original ${mime}`, async () => expectSidecarProof(mime, await make(3), await make(5)));
  }
  for (const [mime, [file, other]] of Object.entries(FROM_CORPUS)) {
    it.skipIf(!hasCorpus)(`binds an original ${mime} (${file}, ../shared/corpus)`, async () => {
      const original = corpusFile(file);
      await expectSidecarProof(mime, original, other === file ? original : corpusFile(other));
    });
  }
});

describe('sidecar pairs that are not', () => {
  it('says an untrusted signer of an intact pair as partial, not invalid', async () => {
    const image = await makeImage('png');
    const signed = await sign(image, 'image/png', metadata, { signer, sidecar: true });
    const report = await verify(image, 'image/png', { manifest: signed.manifestStore });
    expect(report.verification.status).toBe('partial');
    expect(report.report.codes.success.map((code) => code.code)).toContain('assertion.dataHash.match');
  });

  it('refuses a manifest part that holds no manifest store', async () => {
    const image = await makeImage('png');
    await expect(verify(image, 'image/png', { trust, manifest: new TextEncoder().encode('not a manifest') })).rejects.toMatchObject({ code: 'malformed_asset' });
  });

  it('is invalid when the asset carries its own embedded manifest instead', async () => {
    const image = await makeImage('jpeg');
    const embedded = await sign(image, 'image/jpeg', metadata, { signer });
    const sidecar = await sign(image, 'image/jpeg', metadata, { signer, sidecar: true });
    const report = await verify(embedded.signedBytes, 'image/jpeg', { trust, manifest: sidecar.manifestStore });
    expect(report.verification.status).toBe('invalid');
  });
});

describe('signing over credentials that are invalid', () => {
  it('says the parent was invalid, and c2pa-rs records the failure in the ingredient', async () => {
    const first = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer });
    const tampered = tamperJpegPixel(first.signedBytes);
    const second = await sign(tampered, 'image/jpeg', { creator: 'Desk Editor' }, { signer });
    expect(second.parentCredentials).toMatchObject({ status: 'invalid', failureCodes: ['assertion.dataHash.mismatch'] });
    expect(second.parentCredentials?.reason).toMatch(/changed/);
    const report = await verify(second.signedBytes, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('verified');
    expect(report.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', status: 'invalid' });
  });

  it('says an intact parent is valid, and nothing for an asset without credentials', async () => {
    const first = await sign(await makeImage('png'), 'image/png', metadata, { signer });
    expect(first.parentCredentials).toBeNull();
    const second = await sign(first.signedBytes, 'image/png', metadata, { signer });
    expect(second.parentCredentials).toEqual({ status: 'valid', reason: null, failureCodes: [] });
  });
});
