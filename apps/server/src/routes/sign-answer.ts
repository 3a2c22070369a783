// The answer to a signing (POST /sign-content, a transform, a batch job's sign item): the signed
// content with the links where the API serves its file, manifest and sidecar (http/asset-links.ts).
import type { TSignContentResponse } from '@provenance/contracts';
import { assetLinks } from '../http/asset-links.ts';
import type { SignedContent } from '../services/signing/sign-content.ts';

/** The answer to a signing (and to a transform, which is one). */
export function signAnswer(apiBaseUrl: string, signed: SignedContent): TSignContentResponse {
  const links = assetLinks(apiBaseUrl, signed.assetId, signed.manifestId);
  return {
    success: true,
    manifestId: signed.manifestId,
    assetId: signed.assetId,
    signedManifest: { assetHash: signed.assetHash, timestamp: signed.signedAt },
    signedAssetUrl: links.signedAssetUrl,
    manifestUrl: links.manifestUrl,
    sidecarUrl: links.sidecarUrl,
    sidecar: signed.sidecar,
    mime: signed.mime,
    bytes: signed.bytes,
    verification: signed.verification,
    parentCredentials: signed.parentCredentials,
    warnings: signed.warnings,
    // Just signed: nothing added later yet, nothing replaced.
    timestamp: { state: signed.timestampState, addedAt: null, attempts: 0, lastError: null, previousVersionUrl: null },
  };
}
