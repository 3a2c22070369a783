// Signing from disk a BMFF file that already carries Content Credentials keeps them as its parent
// ingredient (keep-parent.ts), given to c2pa-wasm by manifest store alone: read back by c2pa-wasm
// whole, the signed file's parent ingredient (relationship, active manifest, validation results),
// its manifests and its actions are those of c2pa-wasm's own in-memory signing of the same file,
// for a parent intact and tampered, its box appended last (dropped) or placed by c2pa-rs after ftyp
// (turned into a free box, no other box moved).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../byte-source.ts';
import { C2PA_UUID, readBmffTree, sameBytes } from '../containers/bmff-boxes.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type TrustStore } from '../index.ts';
import { makeBmff } from '../testing/make-assets.ts';
import { signMp4File } from '../testing/large-mp4.ts';
import { signFromDisk } from './sign-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'pg-keep-parent-'));
let first: ClaimSigner;
let second: ClaimSigner;
let trust: TrustStore;
const metadata = { creator: 'Ada Reporter', title: 'harbour.mp4' };

beforeAll(async () => {
  const one = (await ensureLocalPki(join(dir, 'pki-one'))).pki;
  const two = (await ensureLocalPki(join(dir, 'pki-two'))).pki;
  first = createPemSigner({ privateKeyPem: one.signerKeyPem, certificateChainPem: one.signerChainPem });
  second = createPemSigner({ privateKeyPem: two.signerKeyPem, certificateChainPem: two.signerChainPem });
  trust = createTrustStore([one.rootCertificatePem, two.rootCertificatePem]);
});

async function readWhole(bytes: Uint8Array): Promise<RawManifestStore> {
  const reader = await loadC2pa().WasmReader.fromBytes('video/mp4', bytes, readerSettings());
  const store = reader.manifestStore() as RawManifestStore;
  reader.free();
  return store;
}

interface Ingredient {
  relationship: string;
  format: string;
  active_manifest?: string;
  validation_results?: unknown;
  manifest_data?: unknown;
}
interface Manifest {
  ingredients?: Ingredient[];
  assertions: { label: string; data: { actions?: { action: string; parameters?: { ingredients?: { url: string }[] } }[] } }[];
}

/** What a validator reads of the parent in a signed file: everything but the new manifest's own identity and time. */
async function parentAsRead(bytes: Uint8Array) {
  const store = await readWhole(bytes);
  const manifests = store.manifests as unknown as Record<string, Manifest>;
  const active = manifests[store.active_manifest!]!;
  const [ingredient] = active.ingredients ?? [];
  const parentLabel = ingredient?.active_manifest;
  const actions = active.assertions.find((assertion) => assertion.label === 'c2pa.actions.v2')?.data.actions?.map(({ action, parameters }) => ({ action, ingredients: parameters?.ingredients?.map((reference) => reference.url) }));
  return {
    validationState: store.validation_state,
    ingredientCount: active.ingredients?.length,
    relationship: ingredient?.relationship,
    format: ingredient?.format,
    parentLabel,
    hasManifestData: Boolean(ingredient?.manifest_data),
    validationResults: ingredient?.validation_results,
    deltaCodes: store.validation_results?.ingredientDeltas?.map((delta) => ({ success: delta.validationDeltas?.success?.map((code) => code.code), failure: delta.validationDeltas?.failure?.map((code) => code.code) })),
    parentManifest: parentLabel ? manifests[parentLabel] : undefined,
    manifestCount: Object.keys(manifests).length,
    actions,
  };
}

/** A byte in the middle of mdat, changed. */
async function tamperMdat(bytes: Uint8Array): Promise<Uint8Array> {
  const mdat = (await readBmffTree(bytesSource(bytes)))!.find((box) => box.type === 'mdat')!;
  const tampered = bytes.slice();
  tampered[mdat.offset + Math.floor(mdat.size / 2)]! ^= 0x01;
  return tampered;
}

const topTypes = async (bytes: Uint8Array) => (await readBmffTree(bytesSource(bytes)))!.map((box) => (box.type === 'uuid' && box.userType && sameBytes(box.userType, C2PA_UUID) ? 'c2pa' : box.type));

describe('signing from disk a file that carries Content Credentials', () => {
  const parents = async (): Promise<[string, Uint8Array][]> => {
    // Our own signing appends the box last; c2pa-rs's own places it after ftyp.
    const appended = (await sign(makeBmff('mp4', 2 * 1024 * 1024), 'video/mp4', { creator: 'First Signer' }, { signer: first })).signedBytes;
    writeFileSync(join(dir, 'unsigned.mp4'), makeBmff('mp4', 2 * 1024 * 1024, 11));
    await signMp4File(join(dir, 'unsigned.mp4'), join(dir, 'embedded.mp4'), first);
    const embedded = new Uint8Array(readFileSync(join(dir, 'embedded.mp4')));
    return [
      ['appended', appended],
      ['embedded', embedded],
      ['appended, tampered', await tamperMdat(appended)],
      ['embedded, tampered', await tamperMdat(embedded)],
    ];
  };

  it('keeps them as the parent ingredient exactly as c2pa-wasm signing the whole file does', async () => {
    for (const [name, parent] of await parents()) {
      const input = join(dir, 'parent.mp4');
      const output = join(dir, 'signed.mp4');
      writeFileSync(input, parent);
      const fromDisk = await signFromDisk(input, output, 'video/mp4', metadata, second);
      const signed = new Uint8Array(readFileSync(output));
      const inMemory = await sign(parent, 'video/mp4', metadata, { signer: second });

      const ours = await parentAsRead(signed);
      const theirs = await parentAsRead(inMemory.signedBytes);
      expect(ours, name).toEqual(theirs);
      expect(ours.relationship, name).toBe('parentOf');
      expect(ours.hasManifestData, name).toBe(true);
      expect(ours.manifestCount, name).toBe(2);
      expect(ours.deltaCodes, name).toEqual([{ success: ['ingredient.manifest.validated'], failure: [] }]);
      expect(ours.actions?.[0], name).toEqual({ action: 'c2pa.opened', ingredients: ['self#jumbf=c2pa.assertions/c2pa.ingredient.v3'] });
      // The parent's failures are recorded, not the new file's: a tampered parent is in the ingredient only.
      const failures = JSON.stringify(ours.validationResults);
      expect(failures.includes('assertion.bmffHash.mismatch'), name).toBe(name.includes('tampered'));
      expect(fromDisk.parentCredentials, name).toEqual(inMemory.parentCredentials);

      // The engine's verification of both files says the same.
      const [report, reference] = [await verify(signed, 'video/mp4', { trust }), await verify(inMemory.signedBytes, 'video/mp4', { trust })];
      expect(report.verification.status, name).toBe(reference.verification.status);
      expect(report.report.ingredientFailures.map((code) => code.code), name).toEqual(reference.report.ingredientFailures.map((code) => code.code));
      expect(report.report.codes.success.map((code) => code.code), name).toContain('assertion.bmffHash.match');

      // The parent's box left the file: dropped when last, else a free box of its size in its place.
      const before = await topTypes(parent);
      const after = await topTypes(signed);
      expect(after.filter((type) => type === 'c2pa'), name).toHaveLength(1);
      expect(after.at(-1), name).toBe('c2pa');
      if (name.startsWith('appended')) expect(after, name).toEqual(before);
      else expect(after, name).toEqual([...before.map((type) => (type === 'c2pa' ? 'free' : type)), 'c2pa']);
      expect(fromDisk.signedBytes, name).toBe(signed.byteLength);
    }
  });
});

describe('signing from disk a file whose credentials cannot be kept so', () => {
  it('refuses a file with two C2PA boxes, as before', async () => {
    const signed = (await sign(makeBmff('mp4', 64 * 1024), 'video/mp4', { creator: 'First Signer' }, { signer: first })).signedBytes;
    const box = (await readBmffTree(bytesSource(signed)))!.find((candidate) => candidate.type === 'uuid')!;
    const twice = Buffer.concat([signed, signed.subarray(box.offset, box.offset + box.size)]);
    writeFileSync(join(dir, 'twice.mp4'), twice);
    await expect(signFromDisk(join(dir, 'twice.mp4'), join(dir, 'out.mp4'), 'video/mp4', metadata, second)).rejects.toMatchObject({ code: 'malformed_asset', message: expect.stringMatching(/already carries Content Credentials that are not laid out as one manifest box/) as unknown });
  });
});
