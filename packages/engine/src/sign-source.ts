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
 *
 * The manifest is the one sign() makes in memory: unless the signer says how the content was made
 * (AI-assisted, camera capture), the file itself is the parent ingredient and the manifest "opens"
 * it. c2pa-wasm's builder records such an ingredient from the file with only its title, format,
 * relationship and instance ID (the XMP's xmpMM:InstanceID, else a new one); here it is given in the
 * definition the same way, so the builder never reads the file for it.
 *
 * signBmffBytes is sign()'s path for BMFF bytes in memory: the same manifest, the box appended to a
 * copy of the bytes, with c2pa-wasm's memory never holding the file (it grows to the largest file it
 * was given and never shrinks). Files it cannot sign exactly as sign() would are left to sign().
 */
import { createHash, randomUUID } from 'node:crypto';
import { bytesSource, type ByteSource } from './byte-source.ts';
import { C2PA_UUID, readBmffTree, sameBytes, type BmffBox } from './containers/bmff-boxes.ts';
import { activeManifestLabel } from './containers/jumbf.ts';
import { BMFF_MIME_TYPES } from './hard-binding/bmff-hard-binding.ts';
import { bmffHashOf, type BmffExclusion } from './hard-binding/bmff-hash.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { BytesBlob, c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { MalformedAssetError, ProvenanceError, SigningError, UnsupportedFormatError } from './errors.ts';
import { explainCode } from './report/validation-codes.ts';
import { findFormat } from './formats.ts';
import { assertionsFor, opensParentIngredient, PARENT_INGREDIENT_LABEL, type SigningMetadata } from './manifest/signing-metadata.ts';
import { toC2paSignerDefinition, type ClaimSigner } from './signer/claim-signer.ts';
import { toIdentityAssertionDefinition, vouchedLabels, type NamedActor } from './signer/identity-assertion.ts';
import type { Timestamper } from './signer/rfc3161-timestamper.ts';
import { softBindingAssertion, type SoftBindingValue } from './soft-binding/soft-binding-assertion.ts';
import type { SignResult } from './sign.ts';
import { CLAIM_GENERATOR_INFO } from './version.ts';

/** c2pa-rs's default BMFF exclusions (BmffHash::set_default_exclusions). */
const DEFAULT_EXCLUSIONS: BmffExclusion[] = [{ xpath: '/uuid', data: [{ offset: 8, value: C2PA_UUID }] }, { xpath: '/ftyp' }, { xpath: '/mfra' }, { xpath: '/free' }, { xpath: '/skip' }];

export interface SourceSignOptions {
  /** Clock for the signing time; tests pin it. */
  now?: () => Date;
  timestamper?: Timestamper;
  /** The signing certificate's OCSP response, stapled into the signature (as sign() does). */
  ocspResponse?: Uint8Array;
  title?: string;
  /** A soft binding the caller computed, written as a c2pa.soft-binding assertion (as sign() does). */
  softBinding?: SoftBindingValue;
  /**
   * The Content Credentials the file carried (its C2PA box already taken out of the source by the
   * caller: io/keep-parent.ts), kept as its parent ingredient.
   */
  parent?: StoreParent;
  /** The organisation named as the manifest's actor (a `cawg.identity` assertion: signer/identity-assertion.ts). */
  identity?: NamedActor;
}

/**
 * A parent ingredient given by its manifest store alone: c2pa-rs records it as it records one read
 * from the whole file (its manifests joined to the new store, its validation results in the
 * ingredient assertion) without reading the file.
 */
export interface StoreParent {
  /** The manifest store the file carried (its C2PA box's content). */
  store: Uint8Array;
  /** Its active manifest's label. */
  activeManifest: string;
  /** c2pa-rs's validation results of the file, read without trust as its builder reads an ingredient. */
  validationResults: unknown;
}

/** The builder's resource ID of a parent's manifest store. */
const PARENT_STORE_ID = 'parent-manifest-store.c2pa';

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

/** XMP's packet in BMFF: a top-level uuid box of this type (c2pa-rs's bmff_io). */
const XMP_UUID = Uint8Array.from(Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'));
/** XMP packets larger than this are left to c2pa-wasm (in memory) or given a new instance ID (from a source). */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

/** What the file's XMP says for the parent ingredient: its instance ID, or that it cannot be read here. */
type XmpFinding = { instanceId: string | null; remoteManifest: boolean } | 'unreadable';

async function readXmp(source: ByteSource, top: BmffBox[]): Promise<XmpFinding> {
  const box = top.find((candidate) => candidate.type === 'uuid' && candidate.userType && sameBytes(candidate.userType, XMP_UUID));
  if (!box) return { instanceId: null, remoteManifest: false };
  const start = box.headerSize + XMP_UUID.byteLength;
  if (box.size - start > MAX_XMP_BYTES) return 'unreadable';
  const text = Buffer.from(await source.read(box.offset + start, box.size - start)).toString('utf8');
  const instanceId = /xmpMM:InstanceID\s*(?:=\s*["']([^"']*)["']|>\s*([^<]*?)\s*<)/.exec(text);
  return { instanceId: instanceId ? (instanceId[1] ?? instanceId[2] ?? null) : null, remoteManifest: /dcterms:provenance/.test(text) };
}

const hasC2paBox = (top: BmffBox[]) => top.some((box) => box.type === 'uuid' && box.userType && sameBytes(box.userType, C2PA_UUID));

/** Signs the file whose top-level boxes are `top`; null when its BMFF hash cannot be computed. */
async function signTree(
  source: ByteSource,
  top: BmffBox[],
  mime: string,
  metadata: SigningMetadata,
  signer: ClaimSigner,
  options: SourceSignOptions,
  instanceId: string | null,
): Promise<SourceSignResult | null> {
  const format = findFormat(mime)!;
  const hash = await bmffHashOf(source, top, { version: 3, alg: 'sha256', exclusions: DEFAULT_EXCLUSIONS });
  if (!hash) return null;
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
  const title = options.title ?? `asset.${format.extensions[0]}`;
  // A file without credentials is opened as its own parent unless the signer says how it was made.
  const { parent } = options;
  const opensParent = opensParentIngredient(metadata, parent !== undefined);
  const definition = {
    claim_generator_info: CLAIM_GENERATOR_INFO,
    title,
    format: format.mime,
    assertions: [...assertionsFor(metadata, signedAt, opensParent), ...(options.softBinding ? [softBindingAssertion(options.softBinding)] : []), bmffAssertion],
    ...(opensParent && {
      ingredients: [
        {
          title,
          format: format.mime,
          instance_id: instanceId ?? `xmp.iid:${randomUUID()}`,
          relationship: 'parentOf',
          label: PARENT_INGREDIENT_LABEL,
          ...(parent && { active_manifest: parent.activeManifest, manifest_data: { format: 'application/c2pa', identifier: PARENT_STORE_ID }, validation_results: parent.validationResults }),
        },
      ],
    }),
  };
  // The stand-in c2pa-wasm reads: the file's own ftyp, so the builder sees the same brand.
  const ftyp = top[0]!;
  const standIn = new Uint8Array(await source.read(ftyp.offset, ftyp.size));
  const { WasmBuilder } = loadC2pa();
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), readerSettings({ thumbnails: false }));
  const signerDefinition = toC2paSignerDefinition(signer, { timestamper: options.timestamper, ocspResponse: options.ocspResponse });
  const identityDefinitions = options.identity ? [toIdentityAssertionDefinition(options.identity, vouchedLabels(definition.assertions, opensParent), { timestamper: options.timestamper })] : [];
  try {
    builder.setNoEmbed(true);
    if (parent) builder.addResourceFromBlob(PARENT_STORE_ID, new BytesBlob(parent.store) as unknown as Blob);
    const result = (await builder.signAndGetManifestBytes(signerDefinition, identityDefinitions, format.mime, new BytesBlob(standIn) as unknown as Blob)) as { manifest: Uint8Array };
    // Named from the store's boxes: the signed file is validated once, by its caller, not again here only to name it.
    const manifestId = activeManifestLabel(result.manifest);
    if (!manifestId) throw new SigningError('The signed manifest has no active manifest label.');
    return { manifestBox: c2paManifestBox(result.manifest), manifestStore: result.manifest, manifestId, mime: format.mime, signedAt, bmffHash: Buffer.from(hash).toString('hex') };
  } catch (error) {
    if (error instanceof ProvenanceError) throw error;
    if (signerDefinition.failure) throw signerDefinition.failure;
    const identityFailure = identityDefinitions.find((identity) => identity.failure)?.failure;
    if (identityFailure) throw identityFailure;
    throw SigningError.fromC2pa(c2paErrorText(error), explainCode);
  } finally {
    builder.free();
  }
}

export async function signBmffSource(source: ByteSource, mimeType: string, metadata: SigningMetadata, signer: ClaimSigner, options: SourceSignOptions = {}): Promise<SourceSignResult> {
  const format = findFormat(mimeType);
  if (!format || !BMFF_MIME_TYPES.has(format.mime)) throw new UnsupportedFormatError(mimeType, 'only ISO BMFF files (MP4, MOV, M4A, HEIC, HEIF, AVIF) are signed from a source');
  const top = await readBmffTree(source);
  if (!top) throw new MalformedAssetError('its BMFF structure is not one this path reads (sign it in memory instead)');
  if (hasC2paBox(top)) throw new MalformedAssetError('it already carries Content Credentials (sign it in memory to keep them as its parent)');
  const xmp = await readXmp(source, top);
  const signed = await signTree(source, top, format.mime, metadata, signer, options, xmp === 'unreadable' ? null : xmp.instanceId);
  if (!signed) throw new MalformedAssetError('its BMFF hash cannot be computed');
  return signed;
}

/**
 * sign() of BMFF bytes in memory without c2pa-wasm holding them: the signed file is the bytes
 * followed by the manifest's C2PA box. Null when the file is not one signed here exactly as sign()
 * would through c2pa-wasm (it carries credentials, which become its parent ingredient; its box tree
 * or XMP is not read here; its XMP points at a remote manifest): sign() then gives it to c2pa-wasm.
 */
export async function signBmffBytes(bytes: Uint8Array, mime: string, metadata: SigningMetadata, signer: ClaimSigner, options: SourceSignOptions = {}): Promise<SignResult | null> {
  if (!BMFF_MIME_TYPES.has(mime)) return null;
  const source = bytesSource(bytes);
  const top = await readBmffTree(source);
  if (!top || hasC2paBox(top)) return null;
  const xmp = await readXmp(source, top);
  if (xmp === 'unreadable' || xmp.remoteManifest) return null;
  const signed = await signTree(source, top, mime, metadata, signer, options, xmp.instanceId);
  if (!signed) return null;
  const signedBytes = new Uint8Array(bytes.byteLength + signed.manifestBox.byteLength);
  signedBytes.set(bytes);
  signedBytes.set(signed.manifestBox, bytes.byteLength);
  // The signed file's hash continues the original's: one pass over the bytes for both.
  const hash = createHash('sha256').update(bytes);
  const signedAssetHash = hash.copy().update(signed.manifestBox).digest('hex');
  return {
    signedBytes,
    manifestStore: signed.manifestStore,
    manifestId: signed.manifestId,
    mime: signed.mime,
    assetHash: hash.digest('hex'),
    signedAssetHash,
    signedAt: signed.signedAt,
    hasParentIngredient: false,
    parentCredentials: null,
    assetUnchanged: false,
    redacted: [],
  };
}
