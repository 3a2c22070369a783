// Removing the embedded manifest gives back a file that carries none (and, for an input without
// credentials, the very bytes that were signed).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign, type ClaimSigner } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { rawValidationState } from '../testing/raw-c2pa.ts';
import { withoutEmbeddedManifest } from './strip-manifest.ts';

let signer: ClaimSigner;
beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-strip-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
});

describe('withoutEmbeddedManifest', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
  ] as const)('removes the manifest of a signed %s', async (format, mime) => {
    const original = await makeImage(format);
    const signed = await sign(original, mime, {}, { signer });
    const stripped = withoutEmbeddedManifest(signed.signedBytes, mime);
    expect(stripped).not.toBeNull();
    expect(await rawValidationState(stripped!, mime)).toMatch(/^error:/);
    expect(Buffer.from(stripped!).equals(Buffer.from(original))).toBe(true);
  });

  it('answers null for a file without a manifest or a format it does not handle', async () => {
    expect(withoutEmbeddedManifest(await makeImage('jpeg'), 'image/jpeg')).toBeNull();
    expect(withoutEmbeddedManifest(await makeImage('webp'), 'image/webp')).toBeNull();
  });
});
