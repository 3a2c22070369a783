/**
 * A validating read of an asset with its manifest beside it (a .c2pa sidecar), which c2pa-wasm has
 * no entry point for: it reads a manifest store only from inside an asset or alone.
 *
 * ISO BMFF (MP4, MOV, M4A, AVIF, HEIC, HEIF): the store is appended to the asset as a top-level C2PA
 * `uuid` box and c2pa-rs validates the whole file itself. That box is excluded by the manifest's own
 * BMFF hash exclusions (c2pa-rs writes `/uuid` with the C2PA UUID into every BMFF hash), and a box
 * excluded whole adds neither bytes nor an offset to the hash, while every other box keeps its
 * offset; so c2pa-rs hashes exactly the original. A manifest without that exclusion hashes the
 * appended box too and fails, as it should.
 *
 * Every other format has a `c2pa.hash.data` hard binding, which for a manifest made without
 * embedding (c2pa-wasm's setNoEmbed) has no exclusions: the SHA-2 of the whole file. c2pa-wasm reads
 * the store alone (signature, certificate, trust, assertions, ingredients), where its one failure is
 * that hash, computed over the .c2pa bytes ("Hashes do not match"); the hash is computed natively
 * over the asset instead, and when it matches that failure becomes c2pa-rs's success code. A hash
 * that does not match keeps c2pa-rs's failure, assertion.dataHash.mismatch.
 */
import { MalformedAssetError } from '../errors.ts';
import { BMFF_MIME_TYPES } from '../formats.ts';
import { dataHashMatches, exclusionsOf, isStandInFailure, readDataHash, withDataHashMatch, type DataHashAssertion } from '../hard-binding/data-hash-binding.ts';
import { boxes } from '../containers/jumbf.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { manifestStoreBytes, openReader } from '../c2pa/open-reader.ts';
import type { StoreRead } from '../c2pa/store-read.ts';


const C2PA_UUID = Buffer.from('d8fec3d61b0e483c92975828877ec481', 'hex');

/** The store as a top-level C2PA box, laid out as c2pa-rs writes one (purpose "manifest", no Merkle offset). */
function c2paBox(store: Uint8Array): Uint8Array {
  const purpose = Buffer.from('manifest\0', 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + C2PA_UUID.byteLength + 4 + purpose.byteLength + 8 + store.byteLength);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([header, C2PA_UUID, Buffer.alloc(4), purpose, Buffer.alloc(8), store]);
}

function hasC2paBox(asset: Uint8Array): boolean {
  for (const box of boxes(asset)) {
    if (box.type === 'uuid' && C2PA_UUID.equals(box.payload.subarray(0, 16))) return true;
  }
  return false;
}

async function readBmffPair(mime: string, asset: Uint8Array, manifest: Uint8Array, context: string): Promise<StoreRead> {
  // Two C2PA boxes would leave c2pa-rs choosing between them; a sidecar never binds such a file
  // (c2pa-rs removes an embedded manifest from what it signs without embedding).
  if (hasC2paBox(asset)) throw new MalformedAssetError('it carries an embedded manifest of its own, so it cannot be checked against a separate one');
  const reader = await openReader(mime, Buffer.concat([asset, c2paBox(manifest)]), context);
  if (!reader) throw new MalformedAssetError('the manifest file holds no C2PA manifest store');
  const store = reader.manifestStore() as RawManifestStore;
  return { reader, store, storeBytes: manifestStoreBytes(reader, store) ?? manifest };
}

/**
 * True when the assertion hashes the whole asset and the hash matches. A manifest that excludes any
 * bytes was made for a file it is embedded in, never as a sidecar: not confirmed here.
 */
function wholeAssetHashMatches(asset: Uint8Array, assertion: DataHashAssertion): boolean {
  // c2pa-rs writes a TIFF's empty exclusion as { start: 0, length: 0 }, which excludes nothing.
  const exclusions = exclusionsOf(assertion);
  return exclusions !== null && exclusions.every((exclusion) => exclusion.length === 0) && dataHashMatches(asset, assertion);
}

/**
 * The store c2pa-rs would report for the pair, from its report on the store alone: the data hash
 * failure it gives there replaced by its success code when the asset's hash matches; unchanged otherwise.
 */
export function withSidecarBinding(aloneStore: RawManifestStore, manifest: Uint8Array, asset: Uint8Array): RawManifestStore {
  const label = aloneStore.active_manifest;
  const failures = aloneStore.validation_results?.activeManifest?.failure ?? [];
  if (!label || failures.filter(isStandInFailure(label)).length !== 1) return aloneStore;
  const assertion = readDataHash(manifest, label);
  return assertion && wholeAssetHashMatches(asset, assertion) ? withDataHashMatch(aloneStore) : aloneStore;
}

async function readDataHashPair(asset: Uint8Array, manifest: Uint8Array, context: string): Promise<StoreRead> {
  const reader = await openReader('application/c2pa', manifest, context);
  if (!reader) throw new MalformedAssetError('the manifest file holds no C2PA manifest store');
  const store = withSidecarBinding(reader.manifestStore() as RawManifestStore, manifest, asset);
  return { reader, store, storeBytes: manifest };
}

/** c2pa-rs's validating read of `asset` with the manifest store `manifest` made for it; the caller frees the reader. */
export async function readWithSidecar(mime: string, asset: Uint8Array, manifest: Uint8Array, context: string): Promise<StoreRead> {
  return BMFF_MIME_TYPES.has(mime) ? readBmffPair(mime, asset, manifest, context) : readDataHashPair(asset, manifest, context);
}
