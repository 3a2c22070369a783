// sign() of an MP4, MOV or HEIC in memory goes through the native BMFF hash (sign-source.ts): the
// signed file is the original followed by one C2PA box, c2pa-wasm reading the whole file finds it
// valid (and trusted on our root) with the same verdict as the engine, tampering with it (a changed
// media byte, an added box, boxes moved) is caught the same way, and the manifest is the one
// c2pa-wasm's builder makes from the whole file: the same assertions and parent ingredient, the
// file's XMP instance ID kept. A file already signed keeps its credentials as its parent.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { C2PA_UUID } from './containers/bmff-boxes.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { loadC2pa } from './c2pa/wasm.ts';
import { sign, verify, type ClaimSigner, type SigningMetadata, type TrustStore } from './index.ts';
import { makeBmff } from './testing/make-assets.ts';
import { openLocalSigning } from './testing/local-signing.ts';
import { rawValidationState } from './testing/raw-c2pa.ts';
import { corpusFile, hasCorpus } from './testing/shared-corpus.ts';

let signer: ClaimSigner;
let trust: TrustStore;
let rootPem: string;

beforeAll(async () => {
  const local = await openLocalSigning('pg-sign-bmff-');
  ({ signer, trust } = local);
  rootPem = local.pki.rootCertificatePem;
});

const metadata: SigningMetadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0' };

function box(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.byteLength);
  new DataView(out.buffer).setUint32(0, out.byteLength);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(payload, 8);
  return out;
}

/** The top-level boxes of a file (32-bit sizes only: the files here are small). */
function topBoxes(bytes: Uint8Array): { type: string; offset: number; size: number; bytes: Uint8Array }[] {
  const boxes = [];
  for (let offset = 0; offset < bytes.byteLength; ) {
    const size = new DataView(bytes.buffer, bytes.byteOffset + offset).getUint32(0);
    boxes.push({ type: Buffer.from(bytes.subarray(offset + 4, offset + 8)).toString('latin1'), offset, size, bytes: bytes.subarray(offset, offset + size) });
    offset += size;
  }
  return boxes;
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** An MP4 with an XMP packet (a top-level uuid box) naming its instance ID. */
function mp4WithXmp(instanceId: string): Uint8Array {
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/" xmpMM:InstanceID="${instanceId}"/></rdf:RDF></x:xmpmeta>`;
  const xmpUuid = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
  return concat(makeBmff('mp4', 50_000), box('uuid', concat(xmpUuid, Buffer.from(xmp))));
}

/** The engine's report with the hash checked natively equals the one with c2pa-wasm hashing the whole file. */
async function bothWays(bytes: Uint8Array, mime: string) {
  const native = await verify(bytes, mime, { trust });
  expect(native).toEqual(await verify(bytes, mime, { trust, nativeHardBinding: false }));
  return native;
}

/** The active manifest as c2pa-wasm reads it from the whole file. */
async function activeManifest(bytes: Uint8Array, mime: string) {
  const reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, readerSettings());
  const store = reader.manifestStore() as { active_manifest: string; manifests: Record<string, ManifestJson> };
  reader.free();
  return store.manifests[store.active_manifest]!;
}

interface ManifestJson {
  title: string;
  ingredients?: { title: string; format: string; relationship: string; instance_id: string }[];
  assertions: { label: string; data: { actions?: { action: string; digitalSourceType?: string }[] } }[];
}

/** What a manifest says, without what differs between two signings (times, hashes, new instance IDs). */
function shape(manifest: ManifestJson, keepInstanceId: boolean) {
  return {
    title: manifest.title,
    // In either order: c2pa-rs 0.92 lists a hard binding given in the definition before the actions,
    // and the one it makes from the whole file after them.
    assertions: manifest.assertions.map((assertion) => assertion.label).sort(),
    actions: manifest.assertions.flatMap((assertion) => assertion.data.actions ?? []).map(({ action, digitalSourceType }) => ({ action, digitalSourceType })),
    ingredients: (manifest.ingredients ?? []).map(({ title, format, relationship, instance_id }) => ({ title, format, relationship, ...(keepInstanceId && { instance_id }) })),
  };
}

const samples: [string, string, () => Uint8Array][] = [
  ['an MP4', 'video/mp4', () => makeBmff('mp4', 300_000)],
  ['a MOV', 'video/quicktime', () => makeBmff('mov', 64 * 1024)],
  ...(hasCorpus ? ([['the corpus HEIC', 'image/heic', () => corpusFile('c2pa-rs/sample1.heic')], ['the corpus M4A', 'audio/mp4', () => corpusFile('c2pa-rs/sample1.m4a')]] as [string, string, () => Uint8Array][]) : []),
];

describe('a BMFF file signed in memory through the native hash', () => {
  it.each(samples)('%s: the original followed by one C2PA box, valid and trusted for c2pa-wasm, the same report both ways', async (_name, mime, make) => {
    const original = make();
    const signed = await sign(original, mime, metadata, { signer });
    expect(Buffer.from(signed.signedBytes.subarray(0, original.byteLength)).equals(original)).toBe(true);
    const tail = topBoxes(signed.signedBytes.subarray(original.byteLength));
    expect(tail.map((added) => added.type)).toEqual(['uuid']);
    expect(Buffer.from(tail[0]!.bytes.subarray(8, 24)).equals(C2PA_UUID)).toBe(true);
    expect(signed.assetHash).toBe(createHash('sha256').update(original).digest('hex'));
    expect(signed.signedAssetHash).toBe(createHash('sha256').update(signed.signedBytes).digest('hex'));

    const report = await bothWays(signed.signedBytes, mime);
    expect(report.verification).toMatchObject({ status: 'verified', credentials: { creator: 'Ada Reporter' } });
    expect(report.report.manifestId).toBe(signed.manifestId);
    expect(report.report.codes.success.map((code) => code.code)).toContain('assertion.bmffHash.match');
    expect(await rawValidationState(signed.signedBytes, mime)).toBe('Valid');
    expect(await rawValidationState(signed.signedBytes, mime, rootPem)).toBe('Trusted');
  });

  it('tampered (a changed media byte, an added box, the boxes moved): invalid, as c2pa-wasm reading the whole file says', async () => {
    const original = makeBmff('mp4', 200_000);
    const signed = (await sign(original, 'video/mp4', metadata, { signer })).signedBytes;
    const [ftyp, moov, mdat, manifest] = topBoxes(signed);
    expect([ftyp, moov, mdat, manifest].map((found) => found?.type)).toEqual(['ftyp', 'moov', 'mdat', 'uuid']);

    const changedByte = signed.slice();
    changedByte[mdat!.offset + 1000]! ^= 0x01;
    const addedBox = concat(signed, box('udta', new Uint8Array(32)));
    const moved = concat(ftyp!.bytes, mdat!.bytes, moov!.bytes, manifest!.bytes);
    for (const tampered of [changedByte, addedBox, moved]) {
      expect((await bothWays(tampered, 'video/mp4')).verification.status).toBe('invalid');
      expect(await rawValidationState(tampered, 'video/mp4')).toBe('Invalid');
    }
  });

  it('makes the manifest c2pa-wasm makes from the whole file: the same assertions, actions and parent ingredient', async () => {
    // A thumbnail asked for sends the file to c2pa-wasm's own signing (it makes none for video).
    const viaWasm = async (bytes: Uint8Array, given: SigningMetadata) => activeManifest((await sign(bytes, 'video/mp4', given, { signer, thumbnail: true })).signedBytes, 'video/mp4');
    const native = async (bytes: Uint8Array, given: SigningMetadata) => {
      const signed = await sign(bytes, 'video/mp4', given, { signer });
      expect(topBoxes(signed.signedBytes).at(-1)?.type).toBe('uuid');
      return activeManifest(signed.signedBytes, 'video/mp4');
    };
    const plain = makeBmff('mp4', 20_000);
    for (const given of [{ ...metadata, title: 'clip.mp4' }, { ...metadata, aiAssisted: true }, { creator: 'Ada', capturedWithCamera: true }]) {
      expect(shape(await native(plain, given), false)).toEqual(shape(await viaWasm(plain, given), false));
    }
    // The parent ingredient's instance ID is the file's own (its XMP's), as c2pa-wasm records it.
    const withXmp = mp4WithXmp('xmp.iid:5d1f2c8e-0a4b-4c39-9e2f-1b7a6c3d8e90');
    const nativeManifest = await native(withXmp, metadata);
    expect(shape(nativeManifest, true)).toEqual(shape(await viaWasm(withXmp, metadata), true));
    expect(nativeManifest.ingredients?.[0]?.instance_id).toBe('xmp.iid:5d1f2c8e-0a4b-4c39-9e2f-1b7a6c3d8e90');
  });

  it('a file signed so and signed again keeps its credentials as the parent ingredient', async () => {
    const first = await sign(makeBmff('mp4', 50_000), 'video/mp4', metadata, { signer });
    const second = await sign(first.signedBytes, 'video/mp4', { creator: 'Desk Editor' }, { signer });
    expect(second.hasParentIngredient).toBe(true);
    expect(second.parentCredentials).toEqual({ status: 'valid', reason: null, failureCodes: [] });
    const report = await bothWays(second.signedBytes, 'video/mp4');
    expect(report.verification.status).toBe('verified');
    expect(report.report.ingredients[0]).toMatchObject({ relationship: 'parentOf', manifestLabel: first.manifestId });
    expect(await rawValidationState(second.signedBytes, 'video/mp4', rootPem)).toBe('Trusted');
  });
});
