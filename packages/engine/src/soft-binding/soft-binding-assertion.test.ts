// Signing with a soft binding writes a c2pa.soft-binding assertion to the specification's schema
// (value and pad are CBOR byte strings), c2pa-rs reads it back, and the manifest stays valid, in the
// formats signed through c2pa-rs's builder and in the BMFF images (HEIC, HEIF) signed natively.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'cbor-x';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign, type ClaimSigner } from '../index.ts';
import { manifestBox, superbox } from '../containers/jumbf.ts';
import { makeImage } from '../testing/make-assets.ts';
import { rawValidationState } from '../testing/raw-c2pa.ts';
import { corpusFile, hasCorpus } from '../testing/shared-corpus.ts';
import { ISCC_SOFT_BINDING_ALG } from './iscc-image-code.ts';
import { SOFT_BINDING_LABEL } from './soft-binding-assertion.ts';

let signer: ClaimSigner;
beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sb-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
});

const digest = Buffer.from('c343309e3c9e8e67', 'hex');
const binding = { alg: ISCC_SOFT_BINDING_ALG, value: digest.toString('base64'), covers: 'image' as const };

/** The soft-binding assertion's CBOR as the manifest store holds it, decoded. */
function storedAssertion(manifestStore: Uint8Array, manifestId: string): Record<string, unknown> {
  const box = manifestBox(manifestStore, manifestId, ['c2pa.assertions', SOFT_BINDING_LABEL]);
  const cbor = box && superbox(box.payload).children.find((content) => content.type === 'cbor');
  if (!cbor) throw new Error('the manifest has no c2pa.soft-binding assertion');
  return decode(cbor.payload) as Record<string, unknown>;
}

async function expectSchemaAssertion(bytes: Uint8Array, mime: string): Promise<void> {
  const signed = await sign(bytes, mime, {}, { signer, softBinding: binding });
  expect(await rawValidationState(signed.signedBytes, mime)).toBe('Valid');
  const assertion = storedAssertion(signed.manifestStore, signed.manifestId);
  expect(assertion['alg']).toBe('io.iscc.v0');
  const [block] = assertion['blocks'] as { scope: unknown; value: unknown }[];
  expect(block?.scope).toEqual({});
  // cbor-x decodes a byte string (major type 2) to a Uint8Array, text (major type 3) to a string.
  expect(block?.value).toBeInstanceOf(Uint8Array);
  expect(Buffer.from(block!.value as Uint8Array).equals(digest)).toBe(true);
  expect(assertion['pad']).toBeInstanceOf(Uint8Array);
}

describe('c2pa.soft-binding assertion', () => {
  it('holds the ISCC value and the padding as CBOR byte strings (JPEG, signed by the builder)', async () => {
    await expectSchemaAssertion(await makeImage('jpeg'), 'image/jpeg');
  });

  it('holds them as byte strings in an AVIF signed natively (BMFF)', async () => {
    await expectSchemaAssertion(await makeImage('avif'), 'image/avif');
  });

  it.skipIf(!hasCorpus)('holds them as byte strings in a HEIC and a HEIF', async () => {
    await expectSchemaAssertion(corpusFile('c2pa-rs/sample1.heic'), 'image/heic');
    await expectSchemaAssertion(corpusFile('c2pa-rs/sample1.heif'), 'image/heif');
  });
});
