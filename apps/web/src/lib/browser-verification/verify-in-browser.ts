// A file verified inside the browser: c2pa-rs (the server engine's own WebAssembly build) reads it against the gateway's trust
// lists, and the engine's own report builder turns what it says into the answer the server would
// give. The file is not sent anywhere; a file without credentials is looked up in the gateway's
// repository by its SHA-256 and, if that finds nothing, its ISCC fingerprint, both computed here and
// sent (and said to be sent: see `sentForLookup`). The signer's revocation, and each named actor's
// credential's, is read from the gateway's CRL when the gateway issued the certificate (as the
// gateway reads its own records); otherwise the answer says it was not checked.
import type { TThumbnailRef, TTrustResponse, TVerifyResponse } from '@provenance/contracts';
import {
  applyIdentityRevocation,
  applyRevocation,
  buildVerifyResponse,
  detectFormat,
  findFormat,
  NOT_ISSUED_BY_THIS_GATEWAY,
  readErrorKind,
  UNTRUSTED,
  unsignedResponse,
  type CertificateDetails,
  type RawManifestStore,
  type RevocationCheck,
} from '@provenance/engine/report';
import { loadC2pa, withReader, type BrowserReader } from './c2pa-sdk';
import { certificatesFromCrJson, identityCertificatesFromCrJson, sameCertificate } from './crjson-certificates';
import { parseGatewayCrl, revocationFromCrl, revocationNotChecked, type GatewayCrl } from './gateway-crl';
import { imageFingerprint } from './image-fingerprint';
import { sha256Hex } from './sha256';
import { findVouchingList, readerAnchors } from './trust-anchors';

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

/**
 * c2pa-rs in the browser could not read the file (malformed, or kept at a web address): no verdict is
 * claimed here, the gateway's decides.
 */
export class BrowserUndecidedError extends Error {
  constructor(readonly reason: string) {
    super(`This browser could not read the file's Content Credentials (${reason}), so it gives no verdict: verify it on the gateway, whose verdict decides.`);
  }
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', heic: 'image/heic', heif: 'image/heif',
  gif: 'image/gif', tif: 'image/tiff', tiff: 'image/tiff', svg: 'image/svg+xml', mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime',
  m4a: 'audio/mp4', wav: 'audio/wav', mp3: 'audio/mpeg', pdf: 'application/pdf', c2pa: 'application/c2pa',
};

/** How much of a file tells its format (as the gateway sniffs uploads). */
const HEAD_BYTES = 64 * 1024;

/**
 * The file's format as the gateway takes it: sniffed from its bytes (a browser may call an M4A
 * audio/x-m4a, which c2pa-rs does not know), else the type the browser says, else its extension.
 */
async function formatOfBytes(file: File): Promise<string> {
  const sniffed = await detectFormat(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  return sniffed?.mime ?? formatOf(file);
}

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
async function attachThumbnails(result: TVerifyResponse, reader: BrowserReader): Promise<void> {
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

/** Where the gateway's CRL is and how it is fetched. */
export interface RevocationLookup {
  crlUrl: string;
  gatewayCrl: () => Promise<Uint8Array>;
}

/** The gateway's CRL, read once for the signer and the named actors; a check saying it could not be read otherwise. */
async function readGatewayCrl(revocation: RevocationLookup): Promise<GatewayCrl | RevocationCheck> {
  try {
    return parseGatewayCrl(await revocation.gatewayCrl());
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return revocationNotChecked('gateway', `The gateway's revocation list could not be read (${why}): verify on the gateway to check revocation.`);
  }
}

const isCheck = (crl: GatewayCrl | RevocationCheck): crl is RevocationCheck => 'status' in crl;

/** The signer's revocation as the browser can know it: the gateway's CRL for the certificates it issued. */
function signerRevocation(signer: CertificateDetails | undefined, crl: GatewayCrl | RevocationCheck, crlUrl: string): RevocationCheck {
  if (!signer) return revocationNotChecked('ocsp', 'The signing certificate could not be read here: verify on the gateway to check its revocation.');
  if (isCheck(crl)) return crl;
  return (
    revocationFromCrl(crl, signer, crlUrl) ??
    revocationNotChecked('ocsp', 'The signer’s certificate was not issued by this gateway: its revocation (OCSP) is checked only on the gateway.')
  );
}

/**
 * Each named actor's credential revocation, as the gateway applies its own records: a credential the
 * gateway's CA issued is looked up in its CRL; any other is said not to have been checked (in the
 * gateway's own words, so both places agree). Only a trusted timestamp on the claim dates the identity.
 */
function withNamedActorRevocation(response: TVerifyResponse, credentials: Map<string, CertificateDetails>, crl: GatewayCrl | RevocationCheck, crlUrl: string): TVerifyResponse {
  const identities = response.verification.identities ?? [];
  if (identities.length === 0) return response;
  const { timestamp } = response.report;
  const answers = identities.map(({ label }) => {
    const certificate = credentials.get(label);
    const check = isCheck(crl)
      ? crl
      : ((certificate && revocationFromCrl(crl, certificate, crlUrl)) ??
        revocationNotChecked('gateway', NOT_ISSUED_BY_THIS_GATEWAY));
    return { label, check, signedAt: timestamp?.trusted ? timestamp.time : null };
  });
  return applyIdentityRevocation(response as Parameters<typeof applyIdentityRevocation>[0], answers) as TVerifyResponse;
}

/** The answer with the revocation applied as the gateway applies it: a revocation before signing makes it invalid. */
function withRevocation(response: TVerifyResponse, check: RevocationCheck): TVerifyResponse {
  if (check.status === 'not_checked') {
    // Said in the answer (and on screen), without a validation code: no responder was asked.
    response.verification.revocation = check;
    return response;
  }
  return applyRevocation(response as Parameters<typeof applyRevocation>[0], check, response.report.signedAt) as TVerifyResponse;
}

export async function verifyInBrowser(file: File, trust: TTrustResponse, repository: RepositoryLookup, revocation: RevocationLookup): Promise<BrowserVerification> {
  const [format, c2pa, sha256] = await Promise.all([formatOfBytes(file), loadC2pa(), sha256Hex(file)]);
  if (!findFormat(format)) throw new BrowserFormatError(`${format} files cannot be verified in the browser.`);
  const anchors = readerAnchors(trust);
  const trustedUnder = async (pem: string): Promise<boolean> =>
    withReader(c2pa, file, format, { anchorsPem: pem }, async (reader) => signerTrusted(reader.json() as RawManifestStore));

  let result: TVerifyResponse | null;
  try {
    result = await withReader(c2pa, file, format, anchors, async (reader) => {
      const store = reader.json() as RawManifestStore;
      const crJson = reader.crJson();
      const certificates = certificatesFromCrJson(crJson);
      const activeLabel = store.active_manifest ?? null;
      const verdict = activeLabel && signerTrusted(store) ? await findVouchingList(trust, trustedUnder) : UNTRUSTED;
      const active = activeLabel ? certificates.get(activeLabel) : undefined;
      // An earlier manifest signed with the active signer's own certificate is vouched for by the same list.
      const response = buildVerifyResponse(store, format, certificates, (label) =>
        label === activeLabel || sameCertificate(certificates.get(label), active) ? verdict : UNTRUSTED,
      ) as TVerifyResponse;
      await attachThumbnails(response, reader);
      if (response.verification.status === 'unsigned') return response;
      const crl = await readGatewayCrl(revocation);
      const named = activeLabel ? withNamedActorRevocation(response, identityCertificatesFromCrJson(crJson, activeLabel), crl, revocation.crlUrl) : response;
      return withRevocation(named, signerRevocation(active, crl, revocation.crlUrl));
    });
  } catch (error) {
    // c2pa-rs's errors read as the gateway reads them: no manifest is an unsigned file, as there.
    const read = readErrorKind(error instanceof Error ? error.message : String(error));
    if (read.kind === 'no_manifest') result = null;
    else if (read.kind === 'remote_manifest' && read.url) throw new RemoteManifestError(read.url);
    else if (read.kind === 'unsupported') throw new BrowserFormatError(`${format} files cannot be verified in the browser.`);
    else throw new BrowserUndecidedError(read.kind === 'malformed' ? read.reason : 'its manifest is kept at a web address');
  }
  if (result) return { result, sha256, repositoryMatch: null, sentForLookup: [] };
  const { match, sent } = await lookUpInRepository(file, sha256, repository);
  return { result: unsignedResponse(format) as TVerifyResponse, sha256, repositoryMatch: match, sentForLookup: sent };
}
