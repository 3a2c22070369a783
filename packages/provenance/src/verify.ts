/**
 * verify: bytes + MIME type + trust → the verification response of DESIGN.md section 3, from a
 * real c2pa-rs validation. A file without Content Credentials is `unsigned`, not an error;
 * unreadable, hostile or unsupported files raise typed errors.
 */
import { X509Certificate } from 'node:crypto';
import { c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { classifyReadError } from './c2pa/read-errors.ts';
import { withRemoteManifest } from './c2pa/network-guard.ts';
import { RemoteManifestError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { buildVerifyResponse, unsignedResponse, type CertificateDetails, type RawManifestStore } from './report/build-report.ts';
import type { ThumbnailRef, VerifyResponse } from './report/verification-report.ts';
import { NO_TRUST, type TrustStore } from './trust/trust-store.ts';
import { applyTrustDelta, trustDelta } from './trust/trust-verdicts.ts';
import { chainFingerprint, signerChain } from './c2pa/claim-signature.ts';
import { readerSettings } from './c2pa/reader-settings.ts';
import { jpegManifestSegments, manifestPrefix, withWholeFileBinding, type JpegManifestSegments } from './c2pa/jpeg-hard-binding.ts';
import { manifestCount } from './c2pa/jumbf.ts';

export interface VerifyOptions {
  trust?: TrustStore;
  /**
   * The asset's remote manifest, already fetched by the caller (through its safe fetcher) from the
   * URL a previous verify reported in a RemoteManifestError.
   */
  remoteManifest?: { url: string; bytes: Uint8Array };
  /**
   * Reuse c2pa-rs's trust verdict for a signer chain already judged under the same anchors (on by
   * default); off, every read parses the anchors again, as raw c2pa-wasm does.
   */
  reuseTrustVerdicts?: boolean;
  /** Attach thumbnails (manifest and ingredients) as data: URLs. */
  thumbnails?: boolean;
  /**
   * Check a JPEG's hard binding with native SHA-2 (see c2pa/jpeg-hard-binding.ts; on by default);
   * off, c2pa-wasm hashes the whole file itself.
   */
  nativeHardBinding?: boolean;
}

const PROVENANCE_URL = /dcterms:provenance(?:="([^"]+)"|>([^<]+)<)/;

/** The remote manifest URL an asset's XMP names (dcterms:provenance), if any. */
export function findRemoteManifestUrl(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4 * 1024 * 1024)).toString('latin1');
  const match = PROVENANCE_URL.exec(text);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** "C=US\nO=Org\nCN=Name" (node's distinguished-name text) as a record. */
function distinguishedName(text: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const separator = line.indexOf('=');
    if (separator > 0) record[line.slice(0, separator)] = line.slice(separator + 1);
  }
  return record;
}

const MAX_KNOWN_CERTIFICATES = 1024;
const knownCertificates = new Map<string, CertificateDetails | null>();

/**
 * The details of a DER certificate. Parsing one costs about half a millisecond and the same few
 * signers sign most assets, so details are remembered by the certificate's bytes.
 */
function certificateDetails(der: Uint8Array): CertificateDetails | null {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  const known = knownCertificates.get(key);
  if (known !== undefined) return known;
  let details: CertificateDetails | null = null;
  try {
    const certificate = new X509Certificate(der);
    details = {
      subject: distinguishedName(certificate.subject),
      issuer: distinguishedName(certificate.issuer),
      validity: { notBefore: new Date(certificate.validFrom).toISOString(), notAfter: new Date(certificate.validTo).toISOString() },
      serialNumber: certificate.serialNumber.toLowerCase(),
    };
  } catch {
    // A certificate node cannot parse only costs the report its details; c2pa-rs judged it already.
  }
  if (knownCertificates.size >= MAX_KNOWN_CERTIFICATES) knownCertificates.clear();
  knownCertificates.set(key, details);
  return details;
}

/**
 * The signing certificate of every manifest in the store, read from its claim signature's x5chain
 * with node's X509Certificate (c2pa-rs's crJSON view has them too, but building it costs more than
 * the validation itself).
 */
function certificatesOf(storeBytes: Uint8Array | null, store: RawManifestStore): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  if (!storeBytes) return details;
  for (const label of Object.keys(store.manifests ?? {})) {
    const leaf = signerChain(storeBytes, label)?.[0];
    const certificate = leaf && certificateDetails(leaf);
    if (certificate) details.set(label, certificate);
  }
  return details;
}

function attachThumbnail(thumbnail: ThumbnailRef | null, read: (identifier: string) => Uint8Array): void {
  if (!thumbnail) return;
  try {
    thumbnail.dataUrl = `data:${thumbnail.format};base64,${Buffer.from(read(thumbnail.identifier)).toString('base64')}`;
  } catch {
    // A missing thumbnail resource is reported by c2pa-rs's own codes; the report goes on without it.
  }
}

type Reader = Awaited<ReturnType<ReturnType<typeof loadC2pa>['WasmReader']['fromBytes']>>;

const UNCHECKED_TRUST_CONTEXT = readerSettings();

/** Open a reader, turning c2pa-rs errors into the engine's (null: the asset carries no manifest). */
async function openReader(mime: string, bytes: Uint8Array, context: string, remote?: VerifyOptions['remoteManifest']): Promise<Reader | null> {
  const { WasmReader } = loadC2pa();
  try {
    return remote
      ? await withRemoteManifest(remote.url, remote.bytes, () => WasmReader.fromBytes(mime, bytes, context))
      : await WasmReader.fromBytes(mime, bytes, context);
  } catch (error) {
    const classified = classifyReadError(mime, error);
    if (classified === 'no_manifest') return null;
    if (classified instanceof RemoteManifestError && !classified.url) throw new RemoteManifestError(findRemoteManifestUrl(bytes), c2paErrorText(error));
    throw classified;
  }
}

interface StoreRead {
  reader: Reader;
  store: RawManifestStore;
  /** The manifest store's JUMBF bytes, null when c2pa-wasm cannot give them. */
  storeBytes: Uint8Array | null;
}

/** The whole manifest store's bytes (c2pa-wasm answers a box URI of the active manifest with them). */
function manifestStoreBytes(reader: Reader, store: RawManifestStore): Uint8Array | null {
  if (!store.active_manifest) return null;
  try {
    return reader.resourceToBytes(`self#jumbf=/c2pa/${store.active_manifest}/c2pa.signature`);
  } catch {
    return null;
  }
}

/** A JPEG's manifest segments, when its hard binding may be checked natively. */
function nativeSegments(mime: string, bytes: Uint8Array, options: VerifyOptions): JpegManifestSegments | null {
  return mime === 'image/jpeg' && options.nativeHardBinding !== false && !options.remoteManifest ? jpegManifestSegments(bytes) : null;
}

/**
 * A validating read of a JPEG's manifest with its hard binding checked by native SHA-2
 * (c2pa/jpeg-hard-binding.ts); null when that does not confirm the file, which is then invalid or
 * unusual and for c2pa-wasm to read whole.
 */
async function readNatively(bytes: Uint8Array, segments: JpegManifestSegments, context: string): Promise<StoreRead | null> {
  const reader = await openReader('image/jpeg', manifestPrefix(bytes, segments.end), context).catch(() => null);
  if (!reader) return null;
  const prefixStore = reader.manifestStore() as RawManifestStore;
  const storeBytes = manifestStoreBytes(reader, prefixStore);
  const store = storeBytes && withWholeFileBinding(prefixStore, storeBytes, bytes);
  if (store) return { reader, store, storeBytes };
  reader.free();
  return null;
}

/** c2pa-wasm's validating read of the whole file (null: no manifest). */
async function readWhole(mime: string, bytes: Uint8Array, context: string, options: VerifyOptions): Promise<StoreRead | null> {
  const reader = await openReader(mime, bytes, context, options.remoteManifest);
  if (!reader) return null;
  const store = reader.manifestStore() as RawManifestStore;
  return { reader, store, storeBytes: manifestStoreBytes(reader, store) };
}

async function readStore(mime: string, bytes: Uint8Array, context: string, options: VerifyOptions, segments = nativeSegments(mime, bytes, options)): Promise<StoreRead | null> {
  return (segments && (await readNatively(bytes, segments, context))) || readWhole(mime, bytes, context, options);
}

/**
 * The key of the signer chain of a single-manifest store read without trust checking, when its
 * verdict can be reused: one manifest (ingredients' own manifests are judged separately by
 * c2pa-rs), intact (Valid), and a chain we can read.
 */
function reusableChainKey({ store, storeBytes }: StoreRead): string | null {
  const label = store.active_manifest;
  if (!label || !storeBytes || store.validation_state !== 'Valid' || Object.keys(store.manifests ?? {}).length !== 1) return null;
  const chain = signerChain(storeBytes, label);
  return chain ? chainFingerprint(chain) : null;
}

/**
 * Reads the store with the trust verdict c2pa-rs gives. With anchors, the read is first made without
 * trust checking (anchors are parsed on every checked read); a verdict already known for the
 * signer's exact chain is applied, otherwise one checked read is made and its verdict remembered.
 */
async function readWithTrust(mime: string, bytes: Uint8Array, trust: TrustStore, options: VerifyOptions): Promise<StoreRead | null> {
  if (options.remoteManifest) return readStore(mime, bytes, trust.remoteReaderContext, options);
  if (trust.anchors.length === 0 || options.reuseTrustVerdicts === false) return readStore(mime, bytes, trust.readerContext, options);
  const segments = nativeSegments(mime, bytes, options);
  // Verdicts are reused for single-manifest stores only: a JPEG whose store holds more is read once,
  // with the anchors.
  if (segments && manifestCount(segments.store) > 1) return readStore(mime, bytes, trust.readerContext, options, segments);
  const unchecked = segments ? await readNatively(bytes, segments, UNCHECKED_TRUST_CONTEXT) : await readWhole(mime, bytes, UNCHECKED_TRUST_CONTEXT, options);
  // A JPEG the native check did not confirm is invalid or unusual: c2pa-rs's checked read of the
  // whole file is the answer, without a second unchecked read first.
  if (!unchecked) return segments ? readWhole(mime, bytes, trust.readerContext, options) : null;
  const uncheckedStore = unchecked.store;
  const chainKey = reusableChainKey(unchecked);
  const label = uncheckedStore.active_manifest;
  const known = chainKey ? trust.verdicts.get(chainKey) : undefined;
  if (known && label) {
    const activeManifest = applyTrustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, known, label);
    return { ...unchecked, store: { ...uncheckedStore, validation_state: known.state, validation_results: { ...uncheckedStore.validation_results, activeManifest } } };
  }
  unchecked.reader.free();
  const read = await readStore(mime, bytes, trust.readerContext, options, segments);
  if (!read) return null;
  const { store } = read;
  if (chainKey && label && store.validation_state) {
    trust.verdicts.set(chainKey, trustDelta(uncheckedStore.validation_results?.activeManifest ?? {}, store.validation_results?.activeManifest ?? {}, store.validation_state, label));
  }
  return read;
}

export async function verify(bytes: Uint8Array, mimeType: string, options: VerifyOptions = {}): Promise<VerifyResponse> {
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  const read = await readWithTrust(format.mime, bytes, options.trust ?? NO_TRUST, options);
  if (!read) return unsignedResponse(format.mime);
  const { reader, store, storeBytes } = read;
  try {
    const response = buildVerifyResponse(store, format.mime, certificatesOf(storeBytes, store));
    if (options.thumbnails) {
      const resource = (identifier: string) => reader.resourceToBytes(identifier);
      for (const manifest of response.report.manifests) attachThumbnail(manifest.thumbnail, resource);
      const visit = (nodes: typeof response.report.ingredients) =>
        nodes.forEach((node) => {
          attachThumbnail(node.thumbnail, resource);
          visit(node.children);
        });
      visit(response.report.ingredients);
    }
    return response;
  } finally {
    reader.free();
  }
}
