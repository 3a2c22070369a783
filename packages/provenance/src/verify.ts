/**
 * verify: bytes + MIME type + trust → the verification response of DESIGN.md section 3, from a
 * real c2pa-rs validation. A file without Content Credentials is `unsigned`, not an error;
 * unreadable, hostile or unsupported files raise typed errors.
 */
import { c2paErrorText, loadC2pa } from './c2pa/wasm.ts';
import { classifyReadError } from './c2pa/read-errors.ts';
import { withRemoteManifest } from './c2pa/remote-manifests.ts';
import { RemoteManifestError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { buildVerifyResponse, unsignedResponse, type CertificateDetails, type RawManifestStore } from './report/build-report.ts';
import type { ThumbnailRef, VerifyResponse } from './report/verification-report.ts';
import { NO_TRUST, type TrustStore } from './trust/trust-store.ts';

export interface VerifyOptions {
  trust?: TrustStore;
  /**
   * The asset's remote manifest, already fetched by the caller (through its safe fetcher) from the
   * URL a previous verify reported in a RemoteManifestError.
   */
  remoteManifest?: { url: string; bytes: Uint8Array };
  /** Attach thumbnails (manifest and ingredients) as data: URLs. */
  thumbnails?: boolean;
  /**
   * Read the signer's certificate details (issuer, validity) through c2pa-rs's crJSON view. On by
   * default; it re-reads the store, so a hot path that only needs the verdict turns it off.
   */
  certificateDetails?: boolean;
}

const PROVENANCE_URL = /dcterms:provenance(?:="([^"]+)"|>([^<]+)<)/;

/** The remote manifest URL an asset's XMP names (dcterms:provenance), if any. */
export function findRemoteManifestUrl(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4 * 1024 * 1024)).toString('latin1');
  const match = PROVENANCE_URL.exec(text);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

interface CrJsonManifest {
  label?: string;
  signature?: { certificateInfo?: CertificateDetails };
}

function certificatesFrom(crJson: string): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  try {
    const parsed = JSON.parse(crJson) as { manifests?: CrJsonManifest[] };
    for (const manifest of parsed.manifests ?? []) {
      if (manifest.label && manifest.signature?.certificateInfo) details.set(manifest.label, manifest.signature.certificateInfo);
    }
  } catch {
    // Certificate details only enrich the report; the verdict never depends on them.
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

export async function verify(bytes: Uint8Array, mimeType: string, options: VerifyOptions = {}): Promise<VerifyResponse> {
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  const trust = options.trust ?? NO_TRUST;
  const { WasmReader } = loadC2pa();
  let reader;
  try {
    const remote = options.remoteManifest;
    reader = remote
      ? await withRemoteManifest(remote.url, remote.bytes, () => WasmReader.fromBytes(format.mime, bytes, trust.remoteReaderContext))
      : await WasmReader.fromBytes(format.mime, bytes, trust.readerContext);
  } catch (error) {
    const classified = classifyReadError(format.mime, error);
    if (classified === 'no_manifest') return unsignedResponse(format.mime);
    if (classified instanceof RemoteManifestError && !classified.url) throw new RemoteManifestError(findRemoteManifestUrl(bytes), c2paErrorText(error));
    throw classified;
  }
  try {
    const store = reader.manifestStore() as RawManifestStore;
    const certificates = options.certificateDetails === false ? new Map<string, CertificateDetails>() : certificatesFrom(reader.crJson());
    const response = buildVerifyResponse(store, format.mime, certificates);
    if (options.thumbnails) {
      const read = (identifier: string) => reader.resourceToBytes(identifier);
      for (const manifest of response.report.manifests) attachThumbnail(manifest.thumbnail, read);
      const visit = (nodes: typeof response.report.ingredients) =>
        nodes.forEach((node) => {
          attachThumbnail(node.thumbnail, read);
          visit(node.children);
        });
      visit(response.report.ingredients);
    }
    return response;
  } finally {
    reader.free();
  }
}
