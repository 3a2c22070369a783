/**
 * verify: bytes + MIME type + trust → the verification response, from a real c2pa-rs validation,
 * saying which trust list vouched for the signer.
 * A file without Content Credentials is `unsigned`, not an error; unreadable, hostile or
 * unsupported files raise typed errors.
 */
import { signerChain } from './c2pa/claim-signature.ts';
import { readWithSidecar } from './c2pa/sidecar-read.ts';
import { UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { buildVerifyResponse, unsignedResponse } from './report/build-report.ts';
import { signerCertificates } from './report/signer-certificates.ts';
import { attachThumbnails } from './report/thumbnails.ts';
import type { VerifyResponse } from './report/verification-report.ts';
import { NO_TRUST, type TrustStore } from './trust/trust-store.ts';
import { readWithTrust, type TrustedReadOptions } from './trust/trusted-read.ts';

export { findRemoteManifestUrl } from './c2pa/remote-manifest-url.ts';

export interface VerifyOptions extends TrustedReadOptions {
  trust?: TrustStore;
  /** Attach thumbnails (manifest and ingredients) as data: URLs. */
  thumbnails?: boolean;
  /** The asset's manifest store kept beside it (a .c2pa sidecar): the asset is verified against it. */
  manifest?: Uint8Array;
}

export async function verify(bytes: Uint8Array, mimeType: string, options: VerifyOptions = {}): Promise<VerifyResponse> {
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  const read = options.manifest
    ? await readWithSidecar(format.mime, bytes, options.manifest, (options.trust ?? NO_TRUST).readerContext)
    : await readWithTrust(format.mime, bytes, options.trust ?? NO_TRUST, options);
  if (!read) return unsignedResponse(format.mime);
  const { reader, store, storeBytes } = read;
  try {
    const trust = options.trust ?? NO_TRUST;
    // Which list vouched for a manifest's signer: the chain its signature carries, matched to an anchor.
    const vouchFor = (label: string) => trust.vouch(storeBytes ? signerChain(storeBytes, label) : null);
    const response = buildVerifyResponse(store, format.mime, signerCertificates(storeBytes, store), vouchFor);
    if (options.thumbnails) attachThumbnails(response, (identifier) => reader.resourceToBytes(identifier));
    return response;
  } finally {
    reader.free();
  }
}
