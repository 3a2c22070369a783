// Signing with a soft binding writes a c2pa.soft-binding assertion c2pa-rs reads back, and the
// manifest stays valid.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign, type ClaimSigner } from '../index.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { makeImage } from '../testing/make-assets.ts';
import { rawValidationState } from '../testing/raw-c2pa.ts';
import { ISCC_SOFT_BINDING_ALG } from './iscc-image-code.ts';
import { SOFT_BINDING_LABEL } from './soft-binding-assertion.ts';

let signer: ClaimSigner;
beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sb-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
});

describe('c2pa.soft-binding assertion', () => {
  it('is written with the ISCC value and read back by c2pa-rs', async () => {
    const value = Buffer.from('c343309e3c9e8e67', 'hex').toString('base64');
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer, softBinding: { alg: ISCC_SOFT_BINDING_ALG, value, covers: 'image' } });
    expect(await rawValidationState(signed.signedBytes, 'image/jpeg')).toBe('Valid');
    const reader = await loadC2pa().WasmReader.fromBytes('image/jpeg', signed.signedBytes, readerSettings());
    const store = reader.manifestStore() as RawManifestStore;
    reader.free();
    const assertion = store.manifests?.[signed.manifestId]?.assertions?.find((a) => a.label === SOFT_BINDING_LABEL);
    expect(assertion?.data).toMatchObject({ alg: 'io.iscc.v0', blocks: [{ scope: {}, value }] });
  });
});
