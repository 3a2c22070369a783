// Signing with a separate parent asset: a transform's output (pixels re-encoded, the manifest gone)
// keeps the source's signed file as its parentOf ingredient, with the edits recorded as actions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { makeImage } from './testing/make-assets.ts';

let signer: ClaimSigner;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sign-parent-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
});

describe('sign with a separate parent asset', () => {
  it('keeps the signed source as parentOf ingredient and records the edits after c2pa.opened', async () => {
    const source = await sign(await makeImage('jpeg', 160, 120), 'image/jpeg', { creator: 'Ada Reporter' }, { signer });
    // The transformed pixels carry no manifest of their own (another format, another size).
    const transformed = await makeImage('png', 80, 60, 3);
    const result = await sign(
      transformed,
      'image/png',
      {
        creator: 'Ada Reporter',
        edits: [
          { action: 'c2pa.resized', description: 'Resized to 80×60' },
          { action: 'c2pa.transcoded', description: 'Converted from JPEG to PNG' },
        ],
      }, { signer, parent: { bytes: source.signedBytes, mime: 'image/jpeg', title: 'harbour.jpg' } },);
    expect(result.hasParentIngredient).toBe(true);
    expect(result.parentCredentials).toEqual({ status: 'valid', reason: null, failureCodes: [] });
    expect(result.assetHash).not.toBe(source.assetHash);

    const report = await verify(result.signedBytes, 'image/png', { trust });
    expect(report.verification.status).toBe('verified');
    expect(report.report.activeManifest?.actions.map((action) => action.action)).toEqual(['c2pa.opened', 'c2pa.resized', 'c2pa.transcoded']);
    expect(report.report.ingredients).toHaveLength(1);
    expect(report.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', manifestLabel: source.manifestId, title: 'harbour.jpg', format: 'image/jpeg', status: 'verified' });
    expect(report.report.manifests.map((manifest) => manifest.label)).toContain(source.manifestId);
  });

  it('opens a parent without credentials as a plain ingredient', async () => {
    const result = await sign(await makeImage('png', 40, 30, 5), 'image/png', { creator: 'Ada Reporter', edits: [{ action: 'c2pa.cropped' }] }, { signer, parent: { bytes: await makeImage('jpeg', 80, 60, 5), mime: 'image/jpeg' }, });
    expect(result.hasParentIngredient).toBe(true);
    expect(result.parentCredentials).toBeNull();
    const report = await verify(result.signedBytes, 'image/png', { trust });
    expect(report.report.activeManifest?.actions.map((action) => action.action)).toEqual(['c2pa.opened', 'c2pa.cropped']);
    expect(report.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', manifestLabel: null });
  });
});
