/**
 * Adding a trusted timestamp to a file that is already signed, without touching its content: a
 * C2PA update manifest (c2pa-rs's `Update` intent: the file becomes its only, parent, ingredient and
 * its hashed content may not change) carrying a `c2pa.time-stamp` assertion. That assertion is a
 * CBOR map from the timestamped manifest's label to an RFC 3161 TimeStampToken over that claim's COSE
 * signature bytes, as c2pa-rs writes it (builder.rs `maybe_add_timestamp`) and reads it when it
 * validates (store.rs: a valid token there stands for the claim's own `sigTst2` timestamp). Once the
 * certificate that signed the file has expired, its signature still stands as of the stamped time.
 *
 * The update manifest is itself signed by the caller's claim signer and timestamped too (its own
 * sigTst2), so that it also outlives the certificate. The engine asks nothing of the network: the
 * timestamper carries requests through the caller's transport.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { claimSignatureValue, signatureTimestampToken, signerChain } from '../containers/claim-signature.ts';
import { activeManifestLabel } from '../containers/jumbf.ts';
import { manifestStoreBytes, openReader } from '../c2pa/open-reader.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { BytesBlob, c2paErrorText, loadC2pa } from '../c2pa/wasm.ts';
import { ProvenanceError, SigningError, UnsupportedFormatError } from '../errors.ts';
import { findFormat } from '../formats.ts';
import { explainCode } from '../report/validation-codes.ts';
import { toC2paSignerDefinition, type ClaimSigner } from '../signer/claim-signer.ts';
import type { Timestamper } from '../signer/rfc3161-timestamper.ts';
import { CLAIM_GENERATOR_INFO } from '../version.ts';

export const TIMESTAMP_ASSERTION_LABEL = 'c2pa.time-stamp';

/** c2pa-rs's BuilderIntent::Update as serde reads it (`#[serde(rename = "update")]`). */
const UPDATE_INTENT = 'update';

export interface TimestampUpdateResult {
  /** The file with the update manifest added to its manifest store; its content is unchanged. */
  signedBytes: Uint8Array;
  /** The whole manifest store, the update manifest active. */
  manifestStore: Uint8Array;
  /** The update manifest's label. */
  manifestId: string;
  /** The label of the manifest whose claim signature the timestamp covers (the file's active one before). */
  timestampedManifest: string;
  mime: string;
  /** SHA-256 (hex) of the file as it was given, and of the updated file. */
  assetHash: string;
  signedAssetHash: string;
}

/**
 * A file on disk timestamped into another file (manifest/timestamp-from-disk.ts): the result without
 * the file's bytes, their sizes instead, as a signing from disk answers (io/sign-file.ts).
 */
export interface DiskTimestampResult extends Omit<TimestampUpdateResult, 'signedBytes'> {
  originalBytes: number;
  signedBytes: number;
}

export interface TimestampUpdateOptions {
  /**
   * Timestamp the update manifest's own signature too (on by default): without it, the update
   * manifest itself stops validating once the claim signer's certificate expires.
   */
  stampUpdateManifest?: boolean;
  /** Clock against which the signing certificate must still be valid; tests pin it. */
  now?: () => Date;
}

/** The file carries no manifest whose signature could be timestamped. */
export class NothingToTimestampError extends SigningError {
  constructor(reason: string) {
    super(`The file cannot be timestamped: ${reason}.`);
    // Its name crosses from an engine worker with its message, and the pool rebuilds it by name.
    this.name = 'NothingToTimestampError';
  }
}

/**
 * The token as a CBOR byte string, as the assertion's schema (and c2pa-rs's `HashMap<String, ByteBuf>`)
 * has it. c2pa-wasm builds an assertion of a label it has no type for from JSON, where an array of
 * numbers stays a CBOR array (about 1.8 times the token's size, which c2pa-rs would still read);
 * text of the form `b64'…'`, the form its reader shows byte strings in, becomes a byte string.
 */
const cborByteString = (bytes: Uint8Array): string => `b64'${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}'`;

/**
 * Room for the update manifest's own timestamp: the first token's size and a margin, as the same
 * authority answers both requests with tokens that differ only in a few bytes (serial, time, nonce),
 * instead of the 8 KiB a signing reserves for a token of unknown size.
 */
const OWN_TOKEN_MARGIN = 512;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** What a timestamp covers: the timestamped manifest's label and its claim signature bytes. */
export interface TimestampTarget {
  label: string;
  signature: Uint8Array;
}

/**
 * The claim signature of manifest `label` in `storeBytes` that a timestamp made now would cover;
 * NothingToTimestampError when there is none, it already carries one, or it is too late for one.
 */
export function timestampTargetIn(storeBytes: Uint8Array, label: string, now: Date): TimestampTarget {
  if (signatureTimestampToken(storeBytes, label)) throw new NothingToTimestampError('its signature already carries a timestamp');
  const signature = claimSignatureValue(storeBytes, label);
  if (!signature) throw new NothingToTimestampError('its claim signature could not be read');
  // A token attests only that the signature existed at its own time: once the signing certificate
  // has expired, validators judge the certificate at that time and find it expired all the same.
  const leaf = signerChain(storeBytes, label)?.[0];
  const notAfter = leaf ? new Date(new X509Certificate(leaf).validTo) : null;
  if (notAfter && notAfter.getTime() <= now.getTime()) {
    throw new NothingToTimestampError(`its signing certificate expired on ${notAfter.toISOString()}, so a timestamp made now cannot keep its signature valid`);
  }
  return { label, signature };
}

/** The active manifest's label and its claim signature bytes (what the token must cover). */
async function timestampTarget(mime: string, bytes: Uint8Array, now: Date): Promise<TimestampTarget> {
  const reader = await openReader(mime, bytes, readerSettings());
  if (!reader) throw new NothingToTimestampError('it carries no Content Credentials');
  try {
    const store = reader.manifestStore() as RawManifestStore;
    const label = store.active_manifest;
    const storeBytes = label ? manifestStoreBytes(reader, store) : null;
    if (!label || !storeBytes) throw new NothingToTimestampError('its manifest store has no active manifest');
    return timestampTargetIn(storeBytes, label, now);
  } finally {
    reader.free();
  }
}

/** The update manifest's signed manifest store, as c2pa-wasm's builder returns it. */
export interface UpdateSigning {
  /** c2pa-wasm's answer: the whole file when it embedded the store, and the store. */
  result: { asset?: Uint8Array; manifest: Uint8Array };
  manifestId: string;
}

/**
 * Signs the update manifest that carries `token` over `target`'s signature, the builder given
 * `asset` (the whole file, or a stand-in when `parent` gives the file's credentials by their store:
 * timestamp-from-disk.ts). The update manifest's own signature is timestamped unless turned off.
 */
export async function signUpdateManifest(
  mime: string,
  target: TimestampTarget,
  token: Uint8Array,
  signer: ClaimSigner,
  timestamper: Timestamper,
  asset: Uint8Array,
  options: TimestampUpdateOptions & { parent?: { definition: Record<string, unknown>; resources: Record<string, Uint8Array> } } = {},
): Promise<UpdateSigning> {
  const format = findFormat(mime)!;
  const definition = {
    claim_generator_info: CLAIM_GENERATOR_INFO,
    title: `asset.${format.extensions[0]}`,
    format: mime,
    assertions: [{ label: TIMESTAMP_ASSERTION_LABEL, data: { [target.label]: cborByteString(token) } }],
    ...(options.parent && { ingredients: [options.parent.definition] }),
  };
  const { WasmBuilder } = loadC2pa();
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), readerSettings({ thumbnails: false }));
  const signerDefinition = toC2paSignerDefinition(signer, options.stampUpdateManifest === false ? {} : { timestamper, timestampReserve: token.byteLength + OWN_TOKEN_MARGIN });
  try {
    builder.setIntent(UPDATE_INTENT);
    if (options.parent) {
      // The file's credentials given by their store: the builder embeds nothing, the caller writes the file.
      builder.setNoEmbed(true);
      for (const [id, bytes] of Object.entries(options.parent.resources)) builder.addResourceFromBlob(id, new BytesBlob(bytes) as unknown as Blob);
    }
    const result = (await builder.signAndGetManifestBytes(signerDefinition, [], mime, new BytesBlob(asset) as unknown as Blob)) as { asset?: Uint8Array; manifest: Uint8Array };
    // Named from the store's boxes: the signed file is validated once, by its caller, not again here only to name it.
    const manifestId = activeManifestLabel(result.manifest);
    if (!manifestId) throw new SigningError('The update manifest has no active manifest label.');
    return { result, manifestId };
  } catch (error) {
    if (error instanceof ProvenanceError) throw error;
    if (signerDefinition.failure) throw signerDefinition.failure;
    throw SigningError.fromC2pa(c2paErrorText(error), explainCode);
  } finally {
    builder.free();
  }
}

/**
 * Adds an update manifest carrying a trusted timestamp over the file's active claim signature.
 * The timestamper is asked twice: for that signature, and (unless turned off) for the update
 * manifest's own. Throws TimestampError when the authority gives no usable timestamp.
 */
export async function addTimestamp(
  bytes: Uint8Array,
  mimeType: string,
  signer: ClaimSigner,
  timestamper: Timestamper,
  options: TimestampUpdateOptions = {},
): Promise<TimestampUpdateResult> {
  const format = findFormat(mimeType);
  if (!format?.signable) throw new UnsupportedFormatError(mimeType);
  const mime = format.mime;
  const target = await timestampTarget(mime, bytes, options.now?.() ?? new Date());
  const token = await timestamper(target.signature);
  const { result, manifestId } = await signUpdateManifest(mime, target, token, signer, timestamper, bytes, options);
  const signedBytes = result.asset;
  if (!signedBytes) throw new SigningError('The update manifest was not embedded in the file.');
  return {
    signedBytes,
    manifestStore: result.manifest,
    manifestId,
    timestampedManifest: target.label,
    mime,
    assetHash: sha256(bytes),
    signedAssetHash: sha256(signedBytes),
  };
}
