/**
 * Signing a BMFF file (MP4, MOV, M4A, HEIC, HEIF, AVIF) the engine is not given whole, in constant
 * memory: c2pa-wasm's builder returns the signed file whole from WebAssembly memory (a file of 1 GB
 * or more cannot be signed at all), so here it never sees the file.
 *
 * The file's BMFF hash (v3, c2pa-rs's default exclusions: the C2PA box, ftyp, mfra, free, skip) is
 * computed natively as the file streams from its ByteSource, and given to c2pa-wasm's builder in the
 * manifest definition: c2pa-rs then uses that hash assertion instead of hashing (store.rs only hashes
 * when the claim has no BMFF hash). The builder signs a stand-in of a few bytes without embedding
 * the manifest; its manifest store, as a top-level C2PA box appended to the file, makes the signed
 * file. Appended, the box is excluded whole and moves no other box, so the hash is the original's,
 * and c2pa-rs verifies the result as any embedded manifest (the tests check it against c2pa-wasm's
 * whole-file read). The caller writes the file followed by `manifestBox`.
 */
import type { ByteSource } from './byte-source.ts';
import { C2PA_UUID, readBmffTree, sameBytes } from './c2pa/bmff-boxes.ts';
import { BMFF_MIME_TYPES } from './c2pa/bmff-hard-binding.ts';
import { bmffHashOf, type BmffExclusion } from './c2pa/bmff-hash.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { BytesBlob, c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { MalformedAssetError, ProvenanceError, SigningError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { assertionsFor, type SigningMetadata } from './manifest/signing-metadata.ts';
import { toC2paSignerDefinition, type ClaimSigner } from './signer/claim-signer.ts';
import type { Timestamper } from './signer/rfc3161-timestamper.ts';
import { ENGINE_VERSION, PRODUCT_NAME } from './version.ts';

/** c2pa-rs's default BMFF exclusions (BmffHash::set_default_exclusions). */
const DEFAULT_EXCLUSIONS: BmffExclusion[] = [{ xpath: '/uuid', data: [{ offset: 8, value: C2PA_UUID }] }, { xpath: '/ftyp' }, { xpath: '/mfra' }, { xpath: '/free' }, { xpath: '/skip' }];

export interface SourceSignOptions {
  /** Clock for the signing time; tests pin it. */
  now?: () => Date;
  timestamper?: Timestamper;
  title?: string;
}

export interface SourceSignResult {
  /** The C2PA box to append to the file: the file followed by it is the signed file. */
  manifestBox: Uint8Array;
  manifestStore: Uint8Array;
  manifestId: string;
  mime: string;
  signedAt: string;
  /** The BMFF hash the manifest binds (SHA-256, hex). */
  bmffHash: string;
}

/** The store as a top-level C2PA box, laid out as c2pa-rs writes one (purpose "manifest", no Merkle offset). */
export function c2paManifestBox(store: Uint8Array): Uint8Array {
  const purpose = Buffer.from('manifest\0', 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + C2PA_UUID.byteLength + 4 + purpose.byteLength + 8 + store.byteLength);
  header.write('uuid', 4, 'latin1');
  return new Uint8Array(Buffer.concat([header, C2PA_UUID, Buffer.alloc(4), purpose, Buffer.alloc(8), store]));
}

/** CBOR-ready bytes for the builder's JSON: serde reads a byte string from an array of numbers. */
const jsonBytes = (bytes: Uint8Array) => [...bytes];

export async function signBmffSource(source: ByteSource, mimeType: string, metadata: SigningMetadata, signer: ClaimSigner, options: SourceSignOptions = {}): Promise<SourceSignResult> {
  const format = findFormat(mimeType);
  if (!format || !BMFF_MIME_TYPES.has(format.mime)) throw new UnsupportedFormatError(mimeType, 'only ISO BMFF files (MP4, MOV, M4A, HEIC, HEIF, AVIF) are signed from a source');
  const top = await readBmffTree(source);
  if (!top) throw new MalformedAssetError('its BMFF structure is not one this path reads (sign it in memory instead)');
  if (top.some((box) => box.type === 'uuid' && box.userType && sameBytes(box.userType, C2PA_UUID))) {
    throw new MalformedAssetError('it already carries Content Credentials (sign it in memory to keep them as its parent)');
  }
  const hash = await bmffHashOf(source, top, { version: 3, alg: 'sha256', exclusions: DEFAULT_EXCLUSIONS });
  if (!hash) throw new MalformedAssetError('its BMFF hash cannot be computed');
  const signedAt = (options.now?.() ?? new Date()).toISOString();
  const bmffAssertion = {
    label: 'c2pa.hash.bmff.v3',
    data: {
      exclusions: DEFAULT_EXCLUSIONS.map(({ xpath, data }) => ({ xpath, ...(data && { data: data.map((entry) => ({ offset: entry.offset, value: jsonBytes(entry.value) })) }) })),
      alg: 'sha256',
      hash: jsonBytes(hash),
      name: 'jumbf manifest',
    },
  };
  const definition = {
    claim_generator_info: [{ name: PRODUCT_NAME, version: ENGINE_VERSION }],
    title: options.title ?? `asset.${format.extensions[0]}`,
    format: format.mime,
    assertions: [...assertionsFor(metadata, signedAt, false), bmffAssertion],
  };
  // The stand-in c2pa-wasm reads: the file's own ftyp, so the builder sees the same brand.
  const ftyp = top[0]!;
  const standIn = await source.read(ftyp.offset, ftyp.size);
  const { WasmBuilder, WasmReader } = loadC2pa();
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), readerSettings({ thumbnails: false }));
  const signerDefinition = toC2paSignerDefinition(signer, { timestamper: options.timestamper });
  try {
    builder.setNoEmbed(true);
    const result = (await builder.signAndGetManifestBytes(signerDefinition, [], format.mime, new BytesBlob(new Uint8Array(standIn)) as unknown as Blob)) as { manifest: Uint8Array };
    const reader = await WasmReader.fromBytes('application/c2pa', result.manifest, readerSettings());
    const manifestId = reader.activeLabel();
    reader.free();
    if (!manifestId) throw new SigningError('The signed manifest has no active manifest label.');
    return { manifestBox: c2paManifestBox(result.manifest), manifestStore: result.manifest, manifestId, mime: format.mime, signedAt, bmffHash: Buffer.from(hash).toString('hex') };
  } catch (error) {
    if (error instanceof ProvenanceError) throw error;
    if (signerDefinition.failure) throw signerDefinition.failure;
    throw new SigningError('The asset could not be signed.', c2paErrorText(error).slice(0, 2000));
  } finally {
    builder.free();
  }
}
