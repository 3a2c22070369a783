// Outputs that pass the C2PA Conformance Program's rules: one signed output of every signable format,
// read back as c2pa-rs's crJSON, meets every check of the program's asset rubric (fixtures/), and so
// do the other kinds of manifest the engine writes (created by AI or a camera, a transform, a
// redaction, a video signed from disk, re-signed with edits).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, type ClaimSigner, type TrustStore } from '../index.ts';
import { SUPPORTED_FORMATS } from '../formats.ts';
import { signFromDisk } from '../io/sign-file.ts';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import { crJsonReport } from '../report/crjson.ts';
import { ISCC_SOFT_BINDING_ALG } from '../soft-binding/iscc-image-code.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { SPEC_VERSION } from '../version.ts';
import { hasCorpus } from '../testing/shared-corpus.ts';
import { loadAssetRubric, type RubricResult } from './asset-rubric.ts';
import { signableInput } from './signable-inputs.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
/** Conformance Program 0.2 against specification 2.4, the version the claims declare (SPEC_VERSION): 31 checks. */
const RUBRIC_2_4 = loadAssetRubric(join(fixtures, 'asset-rubric-conformance0.2-spec2.4.yml'), '2.4');
/** The same program against specification 2.2: its 23 checks, all among the 31 but one reading of specVersion. */
const RUBRIC_2_2 = loadAssetRubric(join(fixtures, 'asset-rubric-conformance0.2-spec2.2.yml'), '2.2');

/** What the gateway's signing form sends. */
const METADATA: SigningMetadata = { title: 'Harbour at dawn', creator: 'Ada Reporter', license: 'CC-BY-4.0', softwareAgent: 'Provenance Gateway Tests' };
const SOFT_BINDING = { alg: ISCC_SOFT_BINDING_ALG, value: Buffer.from('c343309e3c9e8e67', 'hex').toString('base64'), covers: 'image' as const };

let signer: ClaimSigner;
let trust: TrustStore;
beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-rubric-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
});

async function crJsonOf(bytes: Uint8Array, mime: string): Promise<unknown> {
  const crJson = await crJsonReport(bytes, mime, { trust });
  if (!crJson) throw new Error(`the signed ${mime} has no manifest store`);
  return JSON.parse(crJson);
}

/** The checks that did not pass, with what matched: empty when the output conforms. */
const unmet = (results: RubricResult[]): RubricResult[] => results.filter((result) => result.value !== 'true');

/**
 * Every check of the 2.4 rubric passes. Of the 2.2 rubric's 23, all pass but the one that wants a
 * declared specVersion to read 2.2: the claims declare 2.4, which that check cannot accept.
 */
function expectConformant(crJson: unknown): void {
  expect(RUBRIC_2_4.checks).toHaveLength(31);
  expect(unmet(RUBRIC_2_4.evaluate(crJson))).toEqual([]);
  expect(RUBRIC_2_2.checks).toHaveLength(23);
  expect(unmet(RUBRIC_2_2.evaluate(crJson))).toEqual([{ id: 'validation:mandatory_spec_version', value: 'false', detail: [SPEC_VERSION] }]);
}

describe.skipIf(!hasCorpus)('the asset rubric over one signed output of every signable format', () => {
  for (const format of SUPPORTED_FORMATS.filter((candidate) => candidate.signable)) {
    it(`${format.name}: every check passes`, async () => {
      const input = await signableInput(format.mime).make();
      const signed = await sign(input, format.mime, METADATA, { signer, ...(format.kind === 'image' && { softBinding: SOFT_BINDING }) });
      const crJson = await crJsonOf(signed.signedBytes, format.mime);
      expectConformant(crJson);
    });
  }
});

describe('the asset rubric over the other manifests the engine writes', () => {
  const cases: [string, SigningMetadata][] = [
    ['created with generative AI', { ...METADATA, aiAssisted: true }],
    ['captured by a camera, with device and place', { ...METADATA, capturedWithCamera: true, deviceInfo: { manufacturer: 'Google', model: 'Pixel 9', platform: 'android', osVersion: '15' }, location: { latitude: 51.507, longitude: -0.128, accuracy: 12.5 } }],
  ];
  for (const [name, metadata] of cases) {
    it(`${name}: every check passes`, async () => {
      const signed = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer });
      const crJson = await crJsonOf(signed.signedBytes, 'image/jpeg');
      expectConformant(crJson);
    });
  }

  it('a transform (re-encoded pixels, the source its parent; cropped, resized, transcoded): every check passes', async () => {
    const source = await sign(await makeImage('png', 80, 60, 3), 'image/png', METADATA, { signer });
    const edits = [
      { action: 'c2pa.cropped' as const, description: 'Cropped from 80×60 to 40×30 at (0, 0)' },
      { action: 'c2pa.resized' as const, description: '40×30' },
      { action: 'c2pa.transcoded' as const, description: 'Converted from PNG to JPEG at quality 80' },
    ];
    const output = await sign(await makeImage('jpeg', 20, 15, 3), 'image/jpeg', { ...METADATA, edits }, { signer, parent: { bytes: source.signedBytes, mime: 'image/png' }, softBinding: SOFT_BINDING });
    expectConformant(await crJsonOf(output.signedBytes, 'image/jpeg'));
  });

  it('re-signed with the place redacted from its parent: every check passes', async () => {
    const located = await sign(await makeImage('jpeg', 64, 48, 4), 'image/jpeg', { ...METADATA, capturedWithCamera: true, location: { latitude: 48.8566, longitude: 2.3522 } }, { signer });
    const redacted = await sign(located.signedBytes, 'image/jpeg', METADATA, { signer, redact: ['location'] });
    expect(redacted.redacted).toHaveLength(1);
    expectConformant(await crJsonOf(redacted.signedBytes, 'image/jpeg'));
  });

  it('an MP4 signed from disk: every check passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-rubric-disk-'));
    writeFileSync(join(dir, 'in.mp4'), makeBmff('mp4'));
    await signFromDisk(join(dir, 'in.mp4'), join(dir, 'out.mp4'), 'video/mp4', METADATA, signer);
    expectConformant(await crJsonOf(new Uint8Array(readFileSync(join(dir, 'out.mp4'))), 'video/mp4'));
  });

  it('re-signed with edits and AI changes, its parent kept: every check passes', async () => {
    const first = await sign(await makeImage('png'), 'image/png', METADATA, { signer });
    const second = await sign(first.signedBytes, 'image/png', { ...METADATA, aiAssisted: true, edits: [{ action: 'c2pa.resized', description: 'Resized to 50%' }] }, { signer });
    const crJson = await crJsonOf(second.signedBytes, 'image/png');
    expectConformant(crJson);
  });
});
