import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { IMAGE_FIXTURE_MIME, makeBmff, makeImage, type ImageFixtureFormat } from './testing/make-assets.ts';
import { rawValidationState } from './testing/raw-c2pa.ts';
import { corpusFile, corpusText, hasCorpus } from './testing/shared-corpus.ts';

let signer: ClaimSigner;
let trust: TrustStore;
let rootPem: string;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-sign-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  rootPem = pki.rootCertificatePem;
  trust = createTrustStore([rootPem]);
});

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', softwareAgent: 'Provenance Gateway Tests' };

async function expectRoundTrip(bytes: Uint8Array, mime: string): Promise<void> {
  const result = await sign(bytes, mime, metadata, { signer });
  expect(result.manifestId).toMatch(/^urn:c2pa:/);
  expect(result.signedBytes.byteLength).toBeGreaterThan(bytes.byteLength);
  expect(result.manifestStore.byteLength).toBeGreaterThan(0);

  const ours = await verify(result.signedBytes, mime, { trust });
  expect(ours.verification.status).toBe('verified');
  expect(ours.report.manifestId).toBe(result.manifestId);
  expect(ours.verification.credentials.creator).toBe('Ada Reporter');
  expect(ours.report.codes.failure).toEqual([]);

  expect(await rawValidationState(result.signedBytes, mime)).toBe('Valid');
  expect(await rawValidationState(result.signedBytes, mime, rootPem)).toBe('Trusted');
}

describe('sign round trips, with assets the test makes', () => {
  for (const format of Object.keys(IMAGE_FIXTURE_MIME) as ImageFixtureFormat[]) {
    it(`signs and verifies ${format}`, async () => {
      await expectRoundTrip(await makeImage(format), IMAGE_FIXTURE_MIME[format]);
    });
  }
  it('signs and verifies mp4', async () => expectRoundTrip(makeBmff('mp4'), 'video/mp4'));
  it('signs and verifies mov', async () => expectRoundTrip(makeBmff('mov'), 'video/quicktime'));
});

describe.skipIf(!hasCorpus)('sign round trips on the corpus samples (../shared/corpus)', () => {
  const samples: [string, string][] = [
    ['c2pa-rs/no_manifest.jpg', 'image/jpeg'],
    ['c2pa-rs/sample1.png', 'image/png'],
    ['c2pa-rs/sample1.webp', 'image/webp'],
    ['c2pa-rs/sample1.avif', 'image/avif'],
    ['c2pa-rs/sample1.heic', 'image/heic'],
    ['c2pa-rs/sample1.heif', 'image/heif'],
    ['c2pa-rs/sample1.gif', 'image/gif'],
    ['c2pa-rs/test.tiff', 'image/tiff'],
    ['c2pa-rs/sample1.svg', 'image/svg+xml'],
    ['c2pa-rs/video1_no_manifest.mp4', 'video/mp4'],
    ['c2pa-rs/c.mov', 'video/quicktime'],
  ];
  for (const [file, mime] of samples) {
    it(`signs and verifies ${file}`, async () => expectRoundTrip(corpusFile(file), mime));
  }
});

describe.skipIf(!hasCorpus)('every signing algorithm, with the c2pa-rs test certificates', () => {
  for (const alg of ['es256', 'es384', 'es512', 'ps256', 'ed25519'] as const) {
    it(`signs with ${alg} and verifies as trusted against the test roots`, async () => {
      const algSigner = createPemSigner({ privateKeyPem: corpusText(`certs/${alg}.key.pem`), certificateChainPem: corpusText(`certs/${alg}.chain.pem`), alg });
      const testRoots = corpusText('trust/c2pa-rs-test-roots.pem');
      const image = await makeImage('jpeg');
      const result = await sign(image, 'image/jpeg', metadata, { signer: algSigner });
      const report = await verify(result.signedBytes, 'image/jpeg', { trust: createTrustStore([testRoots]) });
      expect(report.verification.status).toBe('verified');
      expect(report.report.signer?.algorithm?.toLowerCase()).toBe(alg);
      expect(await rawValidationState(result.signedBytes, 'image/jpeg', testRoots)).toBe('Trusted');
      // Not on our own anchors: intact but not trusted.
      expect((await verify(result.signedBytes, 'image/jpeg', { trust })).verification.status).toBe('partial');
    });
  }
});

describe('signing metadata', () => {
  it('records the AI flag as AI-edited (compositeWithTrainedAlgorithmicMedia) and says so in the credentials', async () => {
    const result = await sign(await makeImage('png'), 'image/png', { ...metadata, aiAssisted: true }, { signer });
    const report = await verify(result.signedBytes, 'image/png', { trust });
    expect(report.verification.credentials.aiAssisted).toBe(true);
    expect(report.report.activeManifest?.aiDisclosure).toBe('ai_edited');
    expect(report.report.activeManifest?.digitalSourceTypes).toEqual(['http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia']);
  });

  it('records camera captures as digitalCapture with device and location only when given', async () => {
    const plain = await verify((await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer })).signedBytes, 'image/jpeg', { trust });
    expect(plain.report.activeManifest?.assertions).not.toContain('stds.exif');
    expect(plain.verification.credentials.aiAssisted).toBe(false);

    const captured = await sign(
      await makeImage('jpeg'),
      'image/jpeg',
      { ...metadata, capturedWithCamera: true, deviceInfo: { manufacturer: 'Google', model: 'Pixel 9', platform: 'android', osVersion: '15' }, location: { latitude: 51.507, longitude: -0.128, accuracy: 12.5 } }, { signer },);
    const report = await verify(captured.signedBytes, 'image/jpeg', { trust });
    expect(report.report.activeManifest?.aiDisclosure).toBe('captured');
    expect(report.report.activeManifest?.device).toEqual({ make: 'Google', model: 'Pixel 9' });
    expect(report.report.activeManifest?.location).toEqual({ latitude: '51.507', longitude: '-0.128' });
    expect(report.report.activeManifest?.license).toBe('CC-BY-4.0');
    expect(report.report.activeManifest?.claimGenerator).toContain('Provenance Gateway');
  });

  it('keeps an existing manifest as the parent ingredient (c2pa.opened)', async () => {
    const first = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer });
    const second = await sign(first.signedBytes, 'image/jpeg', { creator: 'Desk Editor' }, { signer });
    expect(second.hasParentIngredient).toBe(true);
    expect(second.manifestId).not.toBe(first.manifestId);
    const report = await verify(second.signedBytes, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('verified');
    expect(report.report.activeManifest?.actions.map((action) => action.action)).toEqual(['c2pa.opened']);
    expect(report.report.ingredients).toHaveLength(1);
    expect(report.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', manifestLabel: first.manifestId });
    expect(report.report.manifests.map((manifest) => manifest.label).sort()).toEqual([first.manifestId, second.manifestId].sort());
  });

  it('gives the SHA-256 of the original and a fresh manifest for the same bytes signed twice', async () => {
    const image = await makeImage('webp');
    const one = await sign(image, 'image/webp', metadata, { signer });
    const two = await sign(image, 'image/webp', metadata, { signer });
    const { createHash } = await import('node:crypto');
    expect(one.assetHash).toBe(createHash('sha256').update(image).digest('hex'));
    expect(two.assetHash).toBe(one.assetHash);
    expect(two.manifestId).not.toBe(one.manifestId);
  });
});
