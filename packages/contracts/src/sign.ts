// Signing contract: the signing request's metadata and the signing response,
// with the signed asset and its manifest stored and downloadable.
import { z } from '@hono/zod-openapi';
import { organizationNameSchema, rejectNul } from './common.ts';
import { ZAssetTimestamp } from './asset-timestamp.ts';
import { ZRevocationCheck, ZTrustVerdict, ZVerificationStatus, ZVerifyResponse } from './verify.ts';

export const DEFAULT_LICENSE = 'All Rights Reserved';

export const ZDeviceInfo = z
  .object({
    platform: rejectNul(z.string().max(100), 'platform').optional(),
    model: rejectNul(z.string().max(100), 'model').optional(),
    manufacturer: rejectNul(z.string().max(100), 'manufacturer').optional(),
    osVersion: rejectNul(z.string().max(100), 'osVersion').optional(),
  })
  .openapi('DeviceInfo');

export const ZCaptureLocation = z
  .object({
    latitude: z.number().min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90'),
    longitude: z.number().min(-180, 'longitude must be between -180 and 180').max(180, 'longitude must be between -180 and 180'),
    accuracy: z.number().nonnegative().nullable().optional(),
  })
  .openapi('CaptureLocation');

export const ZSigningMetadata = z
  .object({
    creator: rejectNul(z.string({ error: 'Creator name is required' }).trim().min(1, 'Creator name is required').max(200, 'Creator name must be at most 200 characters'), 'Creator name').openapi({ example: 'Ada Reporter' }),
    license: rejectNul(z.string().trim().max(200), 'license').default(DEFAULT_LICENSE).openapi({ example: DEFAULT_LICENSE }),
    title: rejectNul(z.string().trim().max(200), 'title').optional().openapi({ example: 'harbour-at-dawn.jpg' }),
    aiAssisted: z.boolean().default(false).openapi({ description: 'Edited with AI: recorded as compositeWithTrainedAlgorithmicMedia', example: false }),
    capturedWithCamera: z.boolean().default(false).openapi({ description: 'Captured by a camera: recorded as digitalCapture', example: false }),
    softwareAgent: rejectNul(z.string().trim().max(200), 'softwareAgent').optional().openapi({ example: 'Provenance Gateway Mobile/0.1.0' }),
    deviceInfo: ZDeviceInfo.nullable().optional(),
    location: ZCaptureLocation.nullable().optional(),
  })
  .openapi('SigningMetadata');
export type TSigningMetadata = z.input<typeof ZSigningMetadata>;

/** What may be redacted from the credentials a file already carries when it is signed again. */
export const ZRedactionKind = z.enum(['location', 'exif'], { error: 'redact takes location and exif' }).openapi({
  description: "location: every assertion of the file's earlier manifests that names a place (EXIF GPS, IPTC locations); exif: their EXIF assertions",
});

/**
 * The name to sign under, given with a signing request: set as the account's organisation name when
 * it has none yet (so the first signing sets it in one step); once one is set it must be that name
 * (409 organization_mismatch; it is changed in PUT /account/organization). Without a name, signing
 * through the managed certificate answers 409 organization_required: the account's email is never
 * published in its place.
 */
export const ZSigningOrganization = organizationNameSchema('organization').openapi({
  description:
    'The name to sign under (published in every signature: the certificate, manifest, report and badge). Required while the account has none (409 organization_required), then set as its organisation name; once set, optional and must match it (409 organization_mismatch).',
});

export const ZSignContentRequest = z
  .object({
    assetUrl: z.string({ error: 'Asset URL is required' }).trim().min(1, 'Asset URL is required').max(2048).url('assetUrl must be an http or https URL').openapi({ example: 'https://example.org/photo.jpg' }),
    metadata: ZSigningMetadata,
    sidecar: z.boolean().default(false).openapi({ description: 'Embed nothing: the manifest (sidecarUrl) binds the original, which is stored and served unchanged at signedAssetUrl', example: false }),
    redact: z
      .array(ZRedactionKind)
      .max(2)
      .default([])
      .openapi({
        description:
          "Re-signing a file that carries Content Credentials: remove these assertions from its earlier manifests (C2PA redaction, recorded as c2pa.redacted actions), e.g. ['location'] to publish a source's photo without where it was taken. The report's activeManifest.redactions says what was removed.",
        example: ['location'],
      }),
    organization: ZSigningOrganization.optional(),
  })
  .openapi('SignContentRequest');
export type TSignContentRequest = z.input<typeof ZSignContentRequest>;

export const ZSignContentResponse = z
  .object({
    success: z.literal(true),
    manifestId: z.string().openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }),
    assetId: z.string().openapi({ example: '0b8e2a8e-7c1a-4a4e-9d59-2b1f8e0c9a11' }),
    signedManifest: z.object({
      assetHash: z.string().openapi({ description: 'SHA-256 (hex) of the asset as it was given' }),
      timestamp: z.string().openapi({ description: 'Signing time (ISO 8601)' }),
    }),
    signedAssetUrl: z.string().url().openapi({ description: 'The signed file; for a sidecar signing, the original as signed (nothing embedded), which the sidecar binds' }),
    manifestUrl: z.string().url(),
    sidecarUrl: z.string().url().openapi({ description: 'The manifest store as a .c2pa file; for a sidecar signing, the manifest over the file at signedAssetUrl' }),
    sidecar: z.boolean().openapi({ description: 'Signed as a sidecar: the manifest is not embedded' }),
    mime: z.string(),
    bytes: z.object({ original: z.number().int(), signed: z.number().int() }),
    verification: ZVerifyResponse.openapi({ description: 'The verification of the signed file (with its sidecar), done right after signing' }),
    parentCredentials: z
      .object({ status: z.enum(['valid', 'invalid']), reason: z.string().nullable() })
      .nullable()
      .openapi({ description: 'The Content Credentials the file already carried (checked without trust), kept as the parent ingredient; null when it carried none' }),
    warnings: z.array(z.string()).openapi({ description: 'What the signer should know, e.g. that the credentials the file carried were invalid, or that the timestamp is pending (the time-stamping authority did not answer)' }),
    timestamp: ZAssetTimestamp.openapi({ description: 'The signature’s trusted timestamp: added, pending (added as soon as the authority answers), or none (no authority configured)' }),
  })
  .openapi('SignContentResponse');
export type TSignContentResponse = z.infer<typeof ZSignContentResponse>;

/** A signed file's own verdict: the stored file verified now, as the report would show it. */
export const ZSignedFileVerdict = z
  .object({
    status: ZVerificationStatus,
    trust: ZTrustVerdict.openapi({ description: 'Who vouches for the signer (trust.label: the words every surface shows)' }),
    reason: z.string().openapi({ description: 'Why the verdict is what it is, as the report says it' }),
    revocation: ZRevocationCheck.shape.status.nullable().openapi({ description: 'What is known of the signing certificate’s revocation; null when it was not asked about (OCSP off)' }),
  })
  .openapi('SignedFileVerdict');
export type TSignedFileVerdict = z.infer<typeof ZSignedFileVerdict>;

/** Where a copy was seen: the URL verified (its query and fragment left out), else the page's origin that asked. */
export const ZCopySighting = z
  .object({
    where: z.string().nullable().openapi({ description: 'The copy’s URL (without query or fragment) when it was verified by URL or shown by a badge; else the origin of the page that asked; null when not known (an upload)', example: 'https://news.example/photos/harbour.jpg' }),
    firstSeen: z.string().openapi({ description: 'ISO 8601' }),
    lastSeen: z.string().openapi({ description: 'ISO 8601' }),
    count: z.number().int().openapi({ description: 'Verifications of the copy there' }),
  })
  .openapi('CopySighting');
export type TCopySighting = z.infer<typeof ZCopySighting>;

/** One kind of copy: how many verifications saw one, and where (the places most recently seen first, at most 10). */
export const ZCopiesOfKind = z
  .object({
    count: z.number().int().openapi({ description: 'Verifications of copies of this kind' }),
    places: z.array(ZCopySighting).openapi({ description: 'Where they were seen, most recently seen first; at most 10 places' }),
  })
  .openapi('CopiesOfKind');
export type TCopiesOfKind = z.infer<typeof ZCopiesOfKind>;

/** Copies of a signed file verified elsewhere, apart from the file's own verdict. */
export const ZSeenElsewhere = z
  .object({
    stripped: ZCopiesOfKind.openapi({ description: 'Copies without Content Credentials that the manifest repository matched to this manifest (its exact bytes stripped, or the picture re-encoded)' }),
    tampered: ZCopiesOfKind.openapi({ description: 'Copies that carry this manifest but are not the signed file, and failed verification (changed content)' }),
    mismatched: ZCopiesOfKind.openapi({ description: 'Badges of this manifest shown around media that is not this content' }),
  })
  .openapi('SeenElsewhere');
export type TSeenElsewhere = z.infer<typeof ZSeenElsewhere>;

export const ZSignedAsset = z
  .object({
    assetId: z.string(),
    manifestId: z.string(),
    title: z.string().nullable(),
    mime: z.string(),
    bytes: z.number().int(),
    createdAt: z.string(),
    status: ZVerificationStatus.nullable().openapi({
      description: 'The signed file’s own verdict now (verdict.status): the stored file verified under the trust lists and revocation in force, never the verdict of another copy. Null when it could not be verified just now',
    }),
    verdict: ZSignedFileVerdict.nullable().openapi({ description: 'The signed file’s own verdict now; null when it could not be verified just now (the engine busy, the file missing)' }),
    seenElsewhere: ZSeenElsewhere,
    verificationCount: z.number().int().openapi({ description: 'Verifications of this manifest by anyone, of this file or of copies' }),
    signedAssetUrl: z.string().url(),
    manifestUrl: z.string().url(),
    sidecarUrl: z.string().url(),
    thumbnailUrl: z.string().url().nullable(),
    sidecar: z.boolean().openapi({ description: 'Signed as a sidecar: the file carries no manifest; sidecarUrl binds it' }),
    parentCredentialsWarning: z.string().nullable().openapi({ description: 'Why the Content Credentials the file already carried were invalid when it was signed' }),
    timestamp: ZAssetTimestamp,
    signedBy: z
      .object({ identityId: z.string(), kind: z.enum(['managed', 'certificate', 'remote']), subject: z.string() })
      .nullable()
      .optional()
      .openapi({ description: 'The signing identity that signed it (see /account/signing-identities); null for assets signed before identities' }),
  })
  .openapi('SignedAsset');
export type TSignedAsset = z.infer<typeof ZSignedAsset>;

export const ZSignedAssetList = z
  .object({
    assets: z.array(ZSignedAsset),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page' }),
  })
  .openapi('SignedAssetList');
export type TSignedAssetList = z.infer<typeof ZSignedAssetList>;

export const ZSignedAssetListQuery = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20).openapi({ description: 'Assets per page (each one’s file verified, or its verdict reused)', example: 20 }),
  cursor: z.string().trim().min(1, 'cursor must not be empty').max(100, 'cursor must be at most 100 characters').regex(/^[A-Za-z0-9-]+$/, 'cursor must be a nextCursor from a previous page').optional().openapi({ description: 'The nextCursor of the previous page' }),
});
export type TSignedAssetListQuery = z.input<typeof ZSignedAssetListQuery>;
