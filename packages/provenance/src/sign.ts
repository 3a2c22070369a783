/**
 * sign: bytes + MIME type + metadata + signer → the signed asset with its manifest embedded, the
 * manifest store on its own (for a .c2pa sidecar), the manifest ID, the original's SHA-256 and the
 * signing time. An asset that already carries Content Credentials becomes the parent ingredient.
 */
import { createHash } from 'node:crypto';
import { BytesBlob, c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { MalformedAssetError, ProvenanceError, SigningError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { assertionsFor, opensParentIngredient, PARENT_INGREDIENT_LABEL, type SigningMetadata } from './manifest/signing-metadata.ts';
import { toC2paSignerDefinition, type ClaimSigner } from './signer/claim-signer.ts';
import { classifyReadError } from './c2pa/read-errors.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { ENGINE_VERSION, PRODUCT_NAME } from './version.ts';

export interface SignOptions {
  /** Embed a thumbnail of the asset in the manifest (off by default: it costs kilobytes). */
  thumbnail?: boolean;
  /**
   * Publish the manifest at this URL instead of embedding it: the asset gets only a reference in
   * its XMP (dcterms:provenance) and the caller serves `manifestStore` there.
   */
  remoteManifestUrl?: string;
  /** Clock for the signing time; tests pin it. */
  now?: () => Date;
}

export interface SignResult {
  signedBytes: Uint8Array;
  manifestStore: Uint8Array;
  manifestId: string;
  mime: string;
  /** SHA-256 (hex) of the asset as it was given. */
  assetHash: string;
  /** SHA-256 (hex) of the signed asset. */
  signedAssetHash: string;
  signedAt: string;
  /** True when the input carried Content Credentials, now kept in the parent ingredient. */
  hasParentIngredient: boolean;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Whether the asset already carries a manifest store (read without trust, only to know). */
async function carriesManifest(mime: string, bytes: Uint8Array): Promise<boolean> {
  const { WasmReader } = loadC2pa();
  try {
    const reader = await WasmReader.fromBytes(mime, bytes, readerSettings());
    reader.free();
    return true;
  } catch (error) {
    const classified = classifyReadError(mime, error);
    if (classified === 'no_manifest') return false;
    // A broken manifest in the input still counts as history; the builder records it as such.
    if (classified instanceof ProvenanceError && classified.code === 'malformed_asset') return false;
    throw classified;
  }
}

export async function sign(bytes: Uint8Array, mimeType: string, metadata: SigningMetadata, signer: ClaimSigner, options: SignOptions = {}): Promise<SignResult> {
  const format = findFormat(mimeType);
  if (!format?.signable) throw new UnsupportedFormatError(mimeType);
  const mime = format.mime;
  const { WasmBuilder, WasmReader } = loadC2pa();
  const signedAt = (options.now?.() ?? new Date()).toISOString();
  const hasParent = await carriesManifest(mime, bytes);
  const opensParent = opensParentIngredient(metadata, hasParent);

  const definition = {
    claim_generator_info: [{ name: PRODUCT_NAME, version: ENGINE_VERSION }],
    title: metadata.title ?? `asset.${format.extensions[0]}`,
    format: mime,
    assertions: assertionsFor(metadata, signedAt, opensParent),
  };
  const context = readerSettings({ thumbnails: options.thumbnail ?? false });
  const source = new BytesBlob(bytes);
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), context);
  try {
    if (options.remoteManifestUrl) {
      builder.setRemoteUrl(options.remoteManifestUrl);
      builder.setNoEmbed(true);
    }
    if (opensParent) {
      await builder.addIngredientFromBlob(JSON.stringify({ title: definition.title, relationship: 'parentOf', label: PARENT_INGREDIENT_LABEL }), mime, source as unknown as Blob);
    }
    const result = (await builder.signAndGetManifestBytes(toC2paSignerDefinition(signer), [], mime, source as unknown as Blob)) as {
      asset: Uint8Array;
      manifest: Uint8Array;
    };
    const reader = await WasmReader.fromBytes('application/c2pa', result.manifest, readerSettings());
    const manifestId = reader.activeLabel();
    reader.free();
    if (!manifestId) throw new SigningError('The signed manifest has no active manifest label.');
    return {
      signedBytes: result.asset,
      manifestStore: result.manifest,
      manifestId,
      mime,
      assetHash: sha256(bytes),
      signedAssetHash: sha256(result.asset),
      signedAt,
      hasParentIngredient: hasParent,
    };
  } catch (error) {
    if (error instanceof ProvenanceError) throw error;
    const text = c2paErrorText(error).slice(0, 2000);
    if (/InvalidAsset|UnsupportedType/i.test(text)) throw new MalformedAssetError(`it is not a well-formed ${mime} file`, text);
    throw new SigningError('The asset could not be signed.', text);
  } finally {
    builder.free();
  }
}
