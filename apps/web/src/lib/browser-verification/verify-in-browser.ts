// A file verified inside the browser: c2pa-rs (c2pa-web) reads it against the gateway's trust
// lists, and the engine's own report builder turns what it says into the answer the server would
// give. The file is not sent anywhere; a file without credentials is looked up in the gateway's
// repository by its SHA-256 and, if that finds nothing, its ISCC fingerprint, both computed here and
// sent (and said to be sent: see `sentForLookup`).
import type { Reader } from '@contentauth/c2pa-web';
import type { TThumbnailRef, TTrustResponse, TVerifyResponse } from '@provenance/contracts';
import { buildVerifyResponse, UNTRUSTED, unsignedResponse, type RawManifestStore } from '@provenance/engine/report';
import { loadC2pa, withReader } from './c2pa-sdk';
import { certificatesFromCrJson, sameCertificate } from './crjson-certificates';
import { imageFingerprint } from './image-fingerprint';
import { sha256Hex } from './sha256';
import { allAnchorsPem, findVouchingList } from './trust-anchors';

/** The signing this gateway's repository credits for a file with no credentials of its own. */
export interface BrowserRepositoryMatch {
  manifestId: string;
  /** exact-hash: the same bytes (SHA-256); fingerprint: a near ISCC Image-Code. */
  method: 'exact-hash' | 'fingerprint';
  /** 0-100 (100 for the same bytes); null when the gateway did not say. */
  similarity: number | null;
}

/** What of the file left the device to look it up: its SHA-256, and its ISCC fingerprint(s). */
export type SentForLookup = 'sha256' | 'fingerprint';

export interface BrowserVerification {
  result: TVerifyResponse;
  sha256: string;
  /** For a file with no credentials of its own: the earliest signing the repository holds of matching content. */
  repositoryMatch: BrowserRepositoryMatch | null;
  /** What was sent to the gateway to look the file up (empty for a file with credentials of its own). */
  sentForLookup: SentForLookup[];
}

/** The file keeps its manifest at a web address: the gateway fetches it, so the file must go there. */
export class RemoteManifestError extends Error {
  constructor(readonly url: string) {
    super(`This file's Content Credentials are kept at ${url}.`);
  }
}

/** A format c2pa-rs in the browser does not read. */
export class BrowserFormatError extends Error {}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', heic: 'image/heic', heif: 'image/heif',
  gif: 'image/gif', tif: 'image/tiff', tiff: 'image/tiff', svg: 'image/svg+xml', mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime',
  m4a: 'audio/mp4', wav: 'audio/wav', mp3: 'audio/mpeg', pdf: 'application/pdf', c2pa: 'application/c2pa',
};

/** The file's MIME type as the browser says it, else from its extension. */
export function formatOf(file: File): string {
  if (file.type) return file.type;
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

const signerTrusted = (store: RawManifestStore): boolean =>
  store.validation_state === 'Trusted' || (store.validation_results?.activeManifest?.success ?? []).some((code) => code.code === 'signingCredential.trusted');

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(text);
}

/** Every thumbnail of the report as a data: URL, read from the manifest store's resources. */
async function attachThumbnails(result: TVerifyResponse, reader: Reader): Promise<void> {
  const refs: TThumbnailRef[] = result.report.manifests.flatMap((manifest) => (manifest.thumbnail ? [manifest.thumbnail] : []));
  const walk = (nodes: TVerifyResponse['report']['ingredients']): void =>
    nodes.forEach((node) => {
      if (node.thumbnail) refs.push(node.thumbnail);
      walk(node.children);
    });
  walk(result.report.ingredients);
  for (const ref of refs) {
    try {
      ref.dataUrl = `data:${ref.format};base64,${base64(await reader.resourceToBytes(ref.identifier))}`;
    } catch {
      // A missing thumbnail is c2pa-rs's to report in its codes; the report goes on without it.
    }
  }
}

function remoteManifestUrl(error: unknown): string | null {
  return /RemoteManifestUrl\("([^"]+)"\)/.exec(error instanceof Error ? error.message : String(error))?.[1] ?? null;
}

/** How the repository is asked about a file with no credentials: its SHA-256 first, then its ISCC Image-Code. */
export interface RepositoryLookup {
  byHash: (sha256: string) => Promise<string | null>;
  byFingerprint: (digest: Uint8Array) => Promise<{ manifestId: string; similarity: number | null } | null>;
}

/**
 * The repository's match for a file with no credentials, and what was sent to find it: the hash; then,
 * for an image the hash did not find, its fingerprint in each orientation until one matches.
 */
export async function lookUpInRepository(file: File, sha256: string, repository: RepositoryLookup): Promise<{ match: BrowserRepositoryMatch | null; sent: SentForLookup[] }> {
  const exact = await repository.byHash(sha256);
  if (exact) return { match: { manifestId: exact, method: 'exact-hash', similarity: 100 }, sent: ['sha256'] };
  const digests = await imageFingerprint(file);
  if (!digests) return { match: null, sent: ['sha256'] };
  for (const digest of digests) {
    const near = await repository.byFingerprint(digest);
    if (near) return { match: { manifestId: near.manifestId, method: 'fingerprint', similarity: near.similarity }, sent: ['sha256', 'fingerprint'] };
  }
  return { match: null, sent: ['sha256', 'fingerprint'] };
}

export async function verifyInBrowser(file: File, trust: TTrustResponse, repository: RepositoryLookup): Promise<BrowserVerification> {
  const format = formatOf(file);
  const [c2pa, sha256] = await Promise.all([loadC2pa(), sha256Hex(file)]);
  const { isSupportedReaderFormat } = await import('@contentauth/c2pa-web');
  if (!isSupportedReaderFormat(format)) throw new BrowserFormatError(`${format} files cannot be verified in the browser.`);
  const anchors = allAnchorsPem(trust);
  const trustedUnder = async (pem: string): Promise<boolean> =>
    (await withReader(c2pa, file, format, pem, async (reader) => signerTrusted((await reader.json()) as RawManifestStore))) ?? false;

  let result: TVerifyResponse | null;
  try {
    result = await withReader(c2pa, file, format, anchors, async (reader) => {
      // reader.json() is the JSON the engine parses on the server, key for key (c2pa-web parses it).
      const store = (await reader.json()) as RawManifestStore;
      const certificates = certificatesFromCrJson(await reader.crJson());
      const activeLabel = store.active_manifest ?? null;
      const verdict = activeLabel && signerTrusted(store) ? await findVouchingList(trust, trustedUnder) : UNTRUSTED;
      const active = activeLabel ? certificates.get(activeLabel) : undefined;
      // An earlier manifest signed with the active signer's own certificate is vouched for by the same list.
      const response = buildVerifyResponse(store, format, certificates, (label) =>
        label === activeLabel || sameCertificate(certificates.get(label), active) ? verdict : UNTRUSTED,
      ) as TVerifyResponse;
      await attachThumbnails(response, reader);
      return response;
    });
  } catch (error) {
    const url = remoteManifestUrl(error);
    if (url) throw new RemoteManifestError(url);
    throw error;
  }
  if (result) return { result, sha256, repositoryMatch: null, sentForLookup: [] };
  const { match, sent } = await lookUpInRepository(file, sha256, repository);
  return { result: unsignedResponse(format) as TVerifyResponse, sha256, repositoryMatch: match, sentForLookup: sent };
}
