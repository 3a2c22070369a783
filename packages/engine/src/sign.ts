/**
 * sign: an asset (bytes, or a file on disk: asset-source.ts) + MIME type + metadata + signer → the signed asset with its manifest embedded (or,
 * for a sidecar, the asset unembedded and its manifest store over it), the manifest ID, the
 * original's SHA-256 and the signing time. An asset that already carries Content Credentials becomes
 * the parent ingredient (or a separate parent asset does, for a transform's re-encoded output), and
 * whether those credentials were intact is said (c2pa-rs records an invalid parent's failures in the
 * ingredient, as C2PA requires). A file on disk (a large MP4, MOV, M4A, HEIC, HEIF or AVIF) is signed
 * into `output` as it streams, never held whole (io/sign-file.ts).
 */
import { createHash } from 'node:crypto';
import { BytesBlob, c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { MalformedAssetError, ProvenanceError, SigningError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { assertionsFor, opensParentIngredient, PARENT_INGREDIENT_LABEL, type SigningMetadata } from './manifest/signing-metadata.ts';
import { toC2paSignerDefinition, type ClaimSigner } from './signer/claim-signer.ts';
import type { Timestamper } from './signer/rfc3161-timestamper.ts';
import { classifyReadError } from './c2pa/read-errors.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { activeManifestLabel } from './containers/jumbf.ts';
import type { RawManifestStore } from './c2pa/manifest-store.ts';
import { mostSevere } from './report/reason-code.ts';
import { explainCode } from './report/validation-codes.ts';
import { CLAIM_GENERATOR_INFO } from './version.ts';
import { softBindingAssertion, type SoftBindingValue } from './soft-binding/soft-binding-assertion.ts';
import { redactionsFor, type Redaction, type RedactionKind } from './manifest/redaction.ts';
import { signBmffBytes } from './sign-source.ts';
import { isFileOnDisk, type FileOnDisk } from './asset-source.ts';
import { signFromDisk, type DiskSignResult } from './io/sign-file.ts';
import { toIdentityAssertionDefinition, vouchedLabels, type NamedActor } from './signer/identity-assertion.ts';

export interface SignOptions {
  /** Who signs: the claim signer (a key here, or a remote signing service). */
  signer: ClaimSigner;
  /** Embed a thumbnail of the asset in the manifest (off by default: it costs kilobytes). */
  thumbnail?: boolean;
  /**
   * Publish the manifest at this URL instead of embedding it: the asset gets only a reference in
   * its XMP (dcterms:provenance) and the caller serves `manifestStore` there.
   */
  remoteManifestUrl?: string;
  /**
   * A sidecar: the manifest is not embedded, and `manifestStore` binds `signedBytes`, which are the
   * given bytes unchanged unless c2pa-rs had to rewrite the file to sign it (it removes an embedded
   * manifest, and rewrites PDF and MP3 files); `assetUnchanged` says which.
   */
  sidecar?: boolean;
  /** Clock for the signing time; tests pin it. */
  now?: () => Date;
  /**
   * Assertions to redact from the credentials the file already carries (its parent ingredient):
   * `location`, `exif` (manifest/redaction.ts). Nothing to redact is not an error: `redacted` says
   * what was. A file without credentials has nothing to redact.
   */
  redact?: readonly RedactionKind[];
  /**
   * Timestamps the claim signature through an RFC 3161 authority (sigTst2). A timestamp that cannot
   * be had fails the signing with TimestampError: the asset is never signed without it.
   */
  timestamper?: Timestamper;
  /**
   * The signing certificate's OCSP response (a DER OCSPResponse the caller had from its responder:
   * the engine never fetches), stapled into the claim signature's rVals so that a validator offline
   * sees the certificate's status at signing (revocation/stapled-ocsp.ts asks for one).
   */
  ocspResponse?: Uint8Array;
  /**
   * A soft binding the caller computed from the pixels (the ISCC Image-Code), written as a
   * c2pa.soft-binding assertion so a copy stripped of its manifest can be matched in a repository.
   */
  softBinding?: SoftBindingValue;
  /**
   * The asset this one was made from, when it is not the input itself: a transform re-encodes the
   * pixels (losing the embedded manifest), so the source's signed file is given here and becomes the
   * parent ingredient, its credentials kept inside it.
   */
  parent?: ParentAsset;
  /**
   * The organisation the manifest names as its actor: a `cawg.identity` assertion signed with its
   * own credential (signer/identity-assertion.ts), apart from the claim signer's signature.
   */
  identity?: NamedActor;
}

/**
 * Signing a file on disk: the signed file is written to `output` (the file followed by its
 * manifest's C2PA box). Only an ISO BMFF file, with its manifest embedded; its own credentials, if
 * any, become its parent ingredient.
 */
export interface FileSignOptions extends Pick<SignOptions, 'signer' | 'timestamper' | 'ocspResponse' | 'identity'> {
  output: string;
}

/** A separate parent asset: its bytes (with its Content Credentials), MIME type and title. */
export interface ParentAsset {
  bytes: Uint8Array;
  mime: string;
  title?: string;
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
  /** The input's own Content Credentials, checked without trust; null when it carried none. */
  parentCredentials: ParentCredentials | null;
  /** True when `signedBytes` are the given bytes (a sidecar over the original, unmodified). */
  assetUnchanged: boolean;
  /** The parent's assertions removed at `redact`'s request (empty when none was asked or found). */
  redacted: Redaction[];
}

/**
 * What a sidecar signer must know when c2pa-rs rewrote the file to sign it (PDF and MP3 always are,
 * and any file that carried an embedded manifest): the sidecar binds the rewritten copy, so the
 * original file will not verify against it.
 */
export function rewrittenSidecarWarning(mime: string): string {
  return `To sign this ${mime} file, c2pa-rs rewrote it (it rewrites PDF and MP3 files and removes an embedded manifest): the sidecar binds the rewritten copy, not the original file, so publish that copy with it.`;
}

/** Whether the credentials an input already carried were intact (trust aside) when it was signed again. */
export interface ParentCredentials {
  status: 'valid' | 'invalid';
  /** Why they are invalid, in words (the most severe failure); null when valid. */
  reason: string | null;
  /** c2pa-rs's failure codes for the parent's active manifest. */
  failureCodes: string[];
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The asset's own credentials, read without trust only to know whether they are intact; null: none.
 * `readable` is false for a broken manifest store, which the builder cannot open as an ingredient.
 */
async function readParentCredentials(mime: string, bytes: Uint8Array): Promise<{ credentials: ParentCredentials; readable: boolean; store: RawManifestStore | null } | null> {
  const { WasmReader } = loadC2pa();
  let store: RawManifestStore;
  try {
    const reader = await WasmReader.fromBytes(mime, bytes, readerSettings());
    store = reader.manifestStore() as RawManifestStore;
    reader.free();
  } catch (error) {
    const classified = classifyReadError(mime, error);
    if (classified === 'no_manifest') return null;
    if (classified instanceof ProvenanceError && classified.code === 'malformed_asset') return { credentials: { status: 'invalid', reason: classified.message, failureCodes: [] }, readable: false, store: null };
    throw classified;
  }
  const failures = store.validation_results?.activeManifest?.failure ?? store.validation_status ?? [];
  if (store.validation_state !== 'Invalid') return { credentials: { status: 'valid', reason: null, failureCodes: [] }, readable: true, store };
  const worst = mostSevere(failures);
  const reason = worst ? explainCode(worst.code, worst.explanation) : 'c2pa-rs found them invalid';
  return { credentials: { status: 'invalid', reason, failureCodes: failures.map((code) => code.code) }, readable: true, store };
}

export function sign(source: Uint8Array, mimeType: string, metadata: SigningMetadata, options: SignOptions): Promise<SignResult>;
export function sign(source: FileOnDisk, mimeType: string, metadata: SigningMetadata, options: FileSignOptions): Promise<DiskSignResult>;
export async function sign(source: Uint8Array | FileOnDisk, mimeType: string, metadata: SigningMetadata, options: SignOptions | FileSignOptions): Promise<SignResult | DiskSignResult> {
  if (isFileOnDisk(source)) {
    if (!('output' in options)) throw new SigningError('A file on disk is signed into another file: give the output path.');
    return signFromDisk(source.path, options.output, mimeType, metadata, options.signer, { timestamper: options.timestamper, identity: options.identity, ocspResponse: options.ocspResponse });
  }
  if ('output' in options) throw new SigningError('Bytes in memory are signed into memory: an output path is for a file on disk.');
  return signBytes(source, mimeType, metadata, options);
}

async function signBytes(bytes: Uint8Array, mimeType: string, metadata: SigningMetadata, options: SignOptions): Promise<SignResult> {
  const { signer } = options;
  const format = findFormat(mimeType);
  if (!format?.signable) throw new UnsupportedFormatError(mimeType);
  const mime = format.mime;
  // An MP4, MOV, M4A, HEIC or AVIF is hashed natively and only its manifest signed by c2pa-wasm
  // (sign-source.ts): given the file, c2pa-wasm holds it several times over, and its memory grows to
  // the largest file it was given and never shrinks. Files that path cannot sign as this one would
  // (already signed, thumbnails, sidecars, remote manifests, a separate parent) go on below.
  if (!options.remoteManifestUrl && !options.sidecar && !options.parent && !options.thumbnail && !options.redact?.length) {
    const native = await signBmffBytes(bytes, mime, metadata, signer, {
      ...(options.now && { now: options.now }),
      ...(options.timestamper && { timestamper: options.timestamper }),
      ...(options.ocspResponse && { ocspResponse: options.ocspResponse }),
      ...(metadata.title && { title: metadata.title }),
      ...(options.softBinding && { softBinding: options.softBinding }),
      ...(options.identity && { identity: options.identity }),
    });
    if (native) return native;
  }
  const { WasmBuilder } = loadC2pa();
  const signedAt = (options.now?.() ?? new Date()).toISOString();
  const parentAsset = options.parent ? { ...options.parent, mime: findFormat(options.parent.mime)?.mime ?? options.parent.mime } : null;
  const parent = await readParentCredentials(parentAsset?.mime ?? mime, parentAsset?.bytes ?? bytes);
  // A separate parent is the parent ingredient even without credentials, unless they are unopenable.
  const hasParent = parentAsset ? (parent?.readable ?? true) : (parent?.readable ?? false);
  const opensParent = opensParentIngredient(metadata, hasParent);
  const redacted = opensParent && parent?.store && options.redact?.length ? redactionsFor(parent.store, options.redact) : [];

  const definition = {
    claim_generator_info: CLAIM_GENERATOR_INFO,
    title: metadata.title ?? `asset.${format.extensions[0]}`,
    format: mime,
    assertions: [...assertionsFor(metadata, signedAt, opensParent, redacted), ...(options.softBinding ? [softBindingAssertion(options.softBinding)] : [])],
    ...(redacted.length > 0 && { redactions: redacted.map((redaction) => redaction.uri) }),
  };
  const context = readerSettings({ thumbnails: options.thumbnail ?? false });
  const source = new BytesBlob(bytes);
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), context);
  const signerDefinition = toC2paSignerDefinition(signer, { timestamper: options.timestamper, ocspResponse: options.ocspResponse });
  const identityDefinitions = options.identity ? [toIdentityAssertionDefinition(options.identity, vouchedLabels(definition.assertions, opensParent), { timestamper: options.timestamper })] : [];
  try {
    if (options.remoteManifestUrl) {
      builder.setRemoteUrl(options.remoteManifestUrl);
      builder.setNoEmbed(true);
    } else if (options.sidecar) {
      builder.setNoEmbed(true);
    }
    if (opensParent) {
      const ingredient = { title: parentAsset?.title ?? definition.title, relationship: 'parentOf', label: PARENT_INGREDIENT_LABEL };
      const parentBlob = parentAsset ? new BytesBlob(parentAsset.bytes) : source;
      await builder.addIngredientFromBlob(JSON.stringify(ingredient), parentAsset?.mime ?? mime, parentBlob as unknown as Blob);
    }
    const result = (await builder.signAndGetManifestBytes(signerDefinition, identityDefinitions, mime, source as unknown as Blob)) as {
      asset: Uint8Array;
      manifest: Uint8Array;
    };
    // Named from the store's boxes: the signed file is validated once, by its caller, not again here only to name it.
    const manifestId = activeManifestLabel(result.manifest);
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
      parentCredentials: parent?.credentials ?? null,
      assetUnchanged: Buffer.from(result.asset.buffer, result.asset.byteOffset, result.asset.byteLength).equals(bytes),
      redacted,
    };
  } catch (error) {
    if (error instanceof ProvenanceError) throw error;
    // c2pa-wasm turns an error of the signing callback into its own text: the typed one is kept.
    if (signerDefinition.failure) throw signerDefinition.failure;
    const identityFailure = identityDefinitions.find((identity) => identity.failure)?.failure;
    if (identityFailure) throw identityFailure;
    // Whole: c2pa-rs's refusal lists the failing codes after every passing one.
    const text = c2paErrorText(error);
    if (/InvalidAsset|UnsupportedType/i.test(text)) throw new MalformedAssetError(`it is not a valid ${findFormat(mime)?.name ?? mime} file`, text.slice(0, 2000));
    throw SigningError.fromC2pa(text, explainCode);
  } finally {
    builder.free();
  }
}
