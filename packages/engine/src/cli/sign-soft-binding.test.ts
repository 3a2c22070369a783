// `provenance sign` writes an image's ISCC soft binding, as the server does: the signed JPEG and
// HEIF carry the c2pa.soft-binding assertion, its value the ISCC Image-Code of the pixels as bytes;
// a WAV (no pixels) carries none.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normalisedPixels } from '../soft-binding/image-normalisation.ts';
import { imageCode } from '../soft-binding/iscc-image-code.ts';
import { makeImage } from '../testing/make-assets.ts';
import { rawActiveAssertion } from '../testing/raw-c2pa.ts';
import { corpusFile, hasCorpus } from '../testing/shared-corpus.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

/** Signs `bytes` with the CLI (its local PKI in a fresh data folder) and gives the signed file. */
async function signWithCli(bytes: Uint8Array, name: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cli-sb-'));
  writeFileSync(join(dir, name), bytes);
  const out = join(dir, `signed-${name}`);
  const signed = await run(['sign', join(dir, name), '-o', out, '--creator', 'Ada', '--data-dir', dir]);
  expect(signed.code, signed.stderr).toBe(0);
  return new Uint8Array(readFileSync(out));
}

/** The soft binding's value as c2pa-rs shows a byte string (b64'…'), decoded; null when absent or not bytes. */
function bindingBytes(assertion: Record<string, unknown> | null): Buffer | null {
  const value = (assertion?.['blocks'] as { value?: unknown }[] | undefined)?.[0]?.value;
  const match = typeof value === 'string' ? /^b64'([A-Za-z0-9+/=]*)'$/.exec(value) : null;
  return match ? Buffer.from(match[1]!, 'base64') : null;
}

async function expectIsccOf(input: Uint8Array, signed: Uint8Array, mime: string): Promise<void> {
  const assertion = await rawActiveAssertion(signed, mime, 'c2pa.soft-binding');
  expect(assertion).toMatchObject({ alg: 'io.iscc.v0' });
  const pixels = await normalisedPixels(input);
  expect(bindingBytes(assertion)?.equals(imageCode(pixels!).digest)).toBe(true);
}

describe('provenance sign: the soft binding', () => {
  it('is written for a JPEG as the ISCC of its pixels', async () => {
    const input = await makeImage('jpeg', 96, 64, 71);
    await expectIsccOf(input, await signWithCli(input, 'photo.jpg'), 'image/jpeg');
  }, 60_000);

  it.skipIf(!hasCorpus)('is written for a HEIF, and not for a WAV', async () => {
    const heif = corpusFile('c2pa-rs/sample1.heif');
    await expectIsccOf(heif, await signWithCli(heif, 'photo.heif'), 'image/heif');
    const wav = await signWithCli(corpusFile('c2pa-rs/sample1.wav'), 'sound.wav');
    expect(await rawActiveAssertion(wav, 'audio/wav', 'c2pa.soft-binding')).toBeNull();
  }, 60_000);
});
