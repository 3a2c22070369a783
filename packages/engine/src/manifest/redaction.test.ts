// Redaction when re-signing: a photo whose credentials record where it was taken is re-signed with
// redact: ['location']; c2pa-rs removes the source's metadata assertion (device and place) from the parent ingredient's
// manifest, records a c2pa.redacted action, and still validates the result; the report says what
// was redacted, and the parent no longer says where.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadC2pa } from '../c2pa/wasm.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { assertionUri, redactionsFor } from './redaction.ts';

let signer: ClaimSigner;
let trust: TrustStore;
let located: Uint8Array;
let sourceLabel: string;

async function rawStore(bytes: Uint8Array): Promise<RawManifestStore> {
  const reader = await loadC2pa().WasmReader.fromBytes('image/jpeg', bytes, readerSettings());
  const store = reader.manifestStore() as RawManifestStore;
  reader.free();
  return store;
}

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-redact-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
  const source = await sign(await makeImage('jpeg', 120, 80, 5), 'image/jpeg', { creator: 'Field Reporter', capturedWithCamera: true, location: { latitude: 48.8566, longitude: 2.3522, accuracy: 5 }, deviceInfo: { manufacturer: 'Nikon', model: 'Z9' } }, { signer });
  located = source.signedBytes;
  sourceLabel = source.manifestId;
});

describe('redaction when re-signing', () => {
  it('removes the source\'s location from the parent ingredient, records it, and the result validates', async () => {
    const resigned = await sign(located, 'image/jpeg', { creator: 'Desk Editor' }, { signer, redact: ['location'] });
    expect(resigned.redacted).toEqual([{ manifest: sourceLabel, assertion: 'c2pa.metadata', uri: assertionUri(sourceLabel, 'c2pa.metadata') }]);

    const report = await verify(resigned.signedBytes, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('verified');
    expect(report.report.activeManifest?.redactions).toEqual([{ manifest: sourceLabel, assertion: 'c2pa.metadata' }]);
    expect(report.report.activeManifest?.actions.map((action) => action.action)).toContain('c2pa.redacted');

    const store = await rawStore(resigned.signedBytes);
    const parentAssertions = (store.manifests?.[sourceLabel]?.assertions ?? []).map((assertion) => assertion.label);
    expect(parentAssertions).not.toContain('c2pa.metadata');
    expect(JSON.stringify(store.manifests?.[sourceLabel])).not.toContain('48.8566');
  });

  it('keeps everything when not asked, and a file without credentials has nothing to redact', async () => {
    const kept = await sign(located, 'image/jpeg', { creator: 'Desk Editor' }, { signer });
    expect(kept.redacted).toEqual([]);
    expect((await rawStore(kept.signedBytes)).manifests?.[sourceLabel]?.assertions?.map((assertion) => assertion.label)).toContain('c2pa.metadata');

    const plain = await sign(await makeImage('jpeg', 64, 48, 9), 'image/jpeg', {}, { signer, redact: ['location', 'exif'] });
    expect(plain.redacted).toEqual([]);
    expect((await verify(plain.signedBytes, 'image/jpeg', { trust })).verification.status).toBe('verified');
  });

  it('finds places anywhere in an assertion, but never redacts actions', () => {
    const store: RawManifestStore = {
      manifests: {
        'urn:c2pa:a': {
          assertions: [
            { label: 'c2pa.actions.v2', data: { actions: [{ action: 'c2pa.created', parameters: { location: 'x' } }] } },
            { label: 'stds.iptc', data: { 'Iptc4xmpExt:LocationCreated': { city: 'Paris' } } },
            { label: 'stds.schema-org.CreativeWork', data: { author: [{ name: 'A' }] } },
            { label: 'stds.exif', data: { 'exif:Make': 'Nikon' } },
            { label: 'c2pa.metadata', data: { 'tiff:Make': 'Nikon' } },
          ],
        },
      },
    };
    expect(redactionsFor(store, ['location']).map((redaction) => redaction.assertion)).toEqual(['stds.iptc']);
    expect(redactionsFor(store, ['exif']).map((redaction) => redaction.assertion)).toEqual(['stds.exif', 'c2pa.metadata']);
  });
});
