// Verification contract: the promised `verification` and `badge`, plus the
// full `report` with validation codes, manifests, the ingredient tree and the signer.
import { z } from '@hono/zod-openapi';
import { rejectNul } from './common.ts';

export const ZVerificationStatus = z.enum(['verified', 'partial', 'invalid', 'unsigned']).openapi('VerificationStatus');
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;
/** Kept for older clients: `trusted` (verified), `untrusted` (signed, not verified), `none` (unsigned); `unknown` is no longer sent. */
export const ZTrustLevel = z.enum(['trusted', 'unknown', 'untrusted', 'none']).openapi('TrustLevel');
export type TTrustLevel = z.infer<typeof ZTrustLevel>;

/**
 * The tier of the trust list that vouched for the signer: conformant (the C2PA trust list), legacy
 * (a list configured as legacy, such as the interim trust list; labelled Legacy), custom (a list
 * from TRUST_LISTS or TRUST_ANCHORS), gateway (this gateway's own root), untrusted (on no list).
 */
export const ZTrustTier = z.enum(['conformant', 'legacy', 'custom', 'gateway', 'untrusted']).openapi('TrustTier');
export type TTrustTier = z.infer<typeof ZTrustTier>;

export const ZTrustVerdict = z
  .object({
    tier: ZTrustTier,
    /** The name of the list that vouched; null when untrusted. */
    list: z.string().nullable().openapi({ example: 'C2PA trust list' }),
    /** The anchor the signer's chain ends at: its subject and the SHA-256 (lowercase hex) of its DER. */
    anchor: z.object({ subject: z.string(), sha256: z.string() }).nullable(),
  })
  .openapi('TrustVerdict');
export type TTrustVerdict = z.infer<typeof ZTrustVerdict>;
/**
 * What is known of the signing certificate's revocation: good, revoked, unknown (to the responder)
 * or not_checked (the responder could not be asked or gave no usable answer; the verdict stands on
 * everything else). Source: an OCSP responder, the OCSP response stapled in the signature, or this
 * gateway's own records of the certificates it issued.
 */
export const ZRevocationCheck = z
  .object({
    status: z.enum(['good', 'revoked', 'unknown', 'not_checked']),
    source: z.enum(['ocsp', 'stapled', 'gateway']),
    responder: z.string().nullable().openapi({ example: 'http://ocsp.example.com/' }),
    checkedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .openapi('RevocationCheck');
export type TRevocationCheck = z.infer<typeof ZRevocationCheck>;
export const ZAiDisclosure = z.enum(['generated', 'ai_edited', 'captured']).nullable().openapi('AiDisclosure');
export type TAiDisclosure = z.infer<typeof ZAiDisclosure>;

export const ZValidationCode = z
  .object({ code: z.string().openapi({ example: 'assertion.dataHash.match' }), url: z.string().optional(), explanation: z.string() })
  .openapi('ValidationCode');
export type TValidationCode = z.infer<typeof ZValidationCode>;

export const ZSignerSummary = z
  .object({
    commonName: z.string().nullable(),
    organization: z.string().nullable(),
    issuer: z.string().nullable(),
    serialNumber: z.string().nullable(),
    algorithm: z.string().nullable(),
    notBefore: z.string().nullable(),
    notAfter: z.string().nullable(),
    trusted: z.boolean().openapi({ description: 'The signing certificate chains to a trust anchor this gateway uses, whatever else failed in the file' }),
    expired: z.boolean().openapi({ description: 'c2pa-rs found the signing certificate expired: at the time its trusted timestamp attests, or now when the signature has none' }),
    certificateChainPem: z.array(z.string()).openapi({ description: "The signer's certificate chain as PEM, signing certificate first (evidence to keep); empty when it could not be read" }),
  })
  .openapi('SignerSummary');
export type TSignerSummary = z.infer<typeof ZSignerSummary>;

export const ZThumbnailRef = z.object({ format: z.string(), identifier: z.string(), dataUrl: z.string().optional() }).openapi('ThumbnailRef');
export type TThumbnailRef = z.infer<typeof ZThumbnailRef>;

export const ZActionSummary = z
  .object({ action: z.string(), label: z.string(), when: z.string().nullable(), softwareAgent: z.string().nullable(), digitalSourceType: z.string().nullable() })
  .openapi('ActionSummary');
export type TActionSummary = z.infer<typeof ZActionSummary>;

export const ZManifestSummary = z
  .object({
    label: z.string(),
    title: z.string().nullable(),
    format: z.string().nullable(),
    claimGenerator: z.string().nullable(),
    signer: ZSignerSummary.nullable(),
    signedAt: z.string().nullable(),
    creator: z.string().nullable(),
    license: z.string().nullable(),
    aiDisclosure: ZAiDisclosure,
    digitalSourceTypes: z.array(z.string()),
    actions: z.array(ZActionSummary),
    assertions: z.array(z.string()),
    location: z.object({ latitude: z.string(), longitude: z.string() }).nullable(),
    device: z.object({ make: z.string().nullable(), model: z.string().nullable() }).nullable(),
    thumbnail: ZThumbnailRef.nullable(),
    ingredientCount: z.number().int(),
  })
  .openapi('ManifestSummary');
export type TManifestSummary = z.infer<typeof ZManifestSummary>;

export interface TIngredientNode {
  title: string | null;
  format: string | null;
  relationship: string | null;
  manifestLabel: string | null;
  status: TVerificationStatus;
  failures: TValidationCode[];
  thumbnail: TThumbnailRef | null;
  children: TIngredientNode[];
}
export const ZIngredientNode: z.ZodType<TIngredientNode> = z
  .lazy(() =>
    z.object({
      title: z.string().nullable(),
      format: z.string().nullable(),
      relationship: z.string().nullable(),
      manifestLabel: z.string().nullable(),
      status: ZVerificationStatus,
      failures: z.array(ZValidationCode),
      thumbnail: ZThumbnailRef.nullable(),
      children: z.array(ZIngredientNode),
    }),
  )
  .openapi('IngredientNode', { type: 'object' });

/** An RFC 3161 timestamp c2pa-rs validated against the claim signature. */
export const ZSignatureTimestamp = z
  .object({
    time: z.string().openapi({ example: '2025-06-01T12:00:00.000Z' }),
    authority: z.string().nullable().openapi({ example: 'DigiCert SHA256 RSA4096 Timestamp Responder 2025 1' }),
    /** The authority chains to a time-stamping trust anchor: the signer's certificate is judged at `time`. */
    trusted: z.boolean(),
  })
  .openapi('SignatureTimestamp');
export type TSignatureTimestamp = z.infer<typeof ZSignatureTimestamp>;

export const ZVerificationReport = z
  .object({
    manifestId: z.string().nullable(),
    format: z.string(),
    validationState: z.enum(['Trusted', 'Valid', 'Invalid']).nullable(),
    reason: z.string(),
    codes: z.object({ success: z.array(ZValidationCode), informational: z.array(ZValidationCode), failure: z.array(ZValidationCode) }),
    ingredientFailures: z.array(ZValidationCode),
    signer: ZSignerSummary.nullable(),
    signedAt: z.string().nullable(),
    timestamp: ZSignatureTimestamp.nullable(),
    activeManifest: ZManifestSummary.nullable(),
    manifests: z.array(ZManifestSummary),
    ingredients: z.array(ZIngredientNode),
  })
  .openapi('VerificationReport');
export type TVerificationReport = z.infer<typeof ZVerificationReport>;

export const ZVerification = z
  .object({
    status: ZVerificationStatus,
    chainValid: z.boolean().openapi({ description: "The signer's certificate chain is valid and chains to a trust anchor (c2pa-rs: signingCredential.trusted, no signingCredential failure), even when the content failed" }),
    signatureValid: z.boolean().openapi({ description: 'The claim signature validates (claimSignature.validated), even when the content failed' }),
    trustLevel: ZTrustLevel,
    trust: ZTrustVerdict,
    /** The validation status code the reason explains (the most severe failure); null when unsigned. */
    reasonCode: z.string().nullable().openapi({ example: 'assertion.dataHash.mismatch' }),
    /** Present when the signing certificate's revocation was asked about. */
    revocation: ZRevocationCheck.optional(),
    credentials: z.object({
      creator: z.string().nullable(),
      organization: z.string().nullable(),
      softwareAgent: z.string().nullable(),
      aiAssisted: z.boolean(),
      editHistory: z.array(z.string()),
    }),
  })
  .openapi('Verification');
export type TVerification = z.infer<typeof ZVerification>;

/**
 * A file without Content Credentials of its own, matched in this gateway's manifest repository: the
 * file's own verification stays unsigned; this says which manifest matched, how, and that manifest's
 * verification (of the signed asset the gateway holds, not of this file).
 */
export const ZRecovery = z
  .object({
    manifestId: z.string().openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }),
    /** exact-hash: the file is the original, the signed file or the signed file stripped of its manifest; fingerprint: its ISCC Image-Code is near. */
    method: z.enum(['exact-hash', 'fingerprint']),
    /** 100 for an exact hash; else 100 × (1 − Hamming distance / 64). */
    similarity: z.number().int().min(0).max(100),
    /** Where the matched manifest store is served (application/c2pa). */
    manifestUrl: z.string(),
    verification: ZVerification,
  })
  .openapi('Recovery');
export type TRecovery = z.infer<typeof ZRecovery>;

/**
 * A badge's question "does this media carry, or match, manifest M?", answered for a verify-content
 * request that names both a manifestId and the assetUrl (or the SHA-256) of the media shown with it.
 */
export const MEDIA_CHECK_RESULTS = ['matches', 'mismatch', 'unchecked'] as const;
export const ZMediaCheck = z
  .object({
    result: z.enum(MEDIA_CHECK_RESULTS).openapi({
      description:
        'matches: the media carries this manifest, or is the file signed with it (or its original, or the signed file stripped of it) byte for byte, and the verdict is its own; mismatch: the media carries other credentials or none and is not that file, so the manifest does not belong to it; unchecked: the media could not be fetched or read, or only looks like the signed picture (its ISCC fingerprint: resized or re-encoded).',
    }),
    method: z
      .enum(['browser-hash', 'signed-file', 'original-file', 'stripped-copy', 'embedded'])
      .nullable()
      .openapi({
        description:
          'How it matched: the SHA-256 the caller computed, the fetched file being the signed file or the original byte for byte, the signed file with its manifest removed (found in the manifest repository), or the media carrying the manifest itself',
      }),
    /** Why it did not match, or could not be checked. */
    message: z.string(),
    /** The manifest's signed thumbnail, to show beside the picture; null when it has none. */
    thumbnailUrl: z.string().nullable(),
    /** Whether the gateway fetched the media for this answer (false: the caller's hash, or its cached check of the URL). */
    fetched: z.boolean(),
  })
  .openapi('MediaCheck');
export type TMediaCheck = z.infer<typeof ZMediaCheck>;

export const ZVerifyResponse = z
  .object({
    verification: ZVerification,
    badge: z.object({ message: z.string().openapi({ example: 'Content Credentials verified: signed by Provenance Gateway' }) }),
    report: ZVerificationReport,
    /** The verification event this call recorded. */
    eventId: z.string().optional(),
    /** Set when the file is unsigned and the manifest repository holds matching credentials (not embedded in it). */
    recovery: ZRecovery.nullable().optional(),
    /** Set when the request named a manifest and the media it is shown with (a badge's check). */
    mediaCheck: ZMediaCheck.optional(),
  })
  .openapi('VerifyResponse');
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;

/** GET /manifests/by-hash/{sha256}: the manifest of the asset this gateway signed whose original or signed file has this hash. */
export const ZSha256Hex = z.string().regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hexadecimal characters').openapi({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' });
export const ZManifestByHashResponse = z
  .object({ manifestId: z.string().openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }) })
  .openapi('ManifestByHash');
export type TManifestByHashResponse = z.infer<typeof ZManifestByHashResponse>;

const ZHttpUrl = rejectNul(
  z
    .string({ error: 'assetUrl must be a URL' })
    .trim()
    .min(1, 'Image URL required')
    .max(2048, 'assetUrl must be at most 2048 characters')
    .url('assetUrl must be an http or https URL'),
  'assetUrl',
);

/** The ID of a manifest this gateway signed (a urn:c2pa:... label). */
export const ZManifestId = rejectNul(z.string().trim().min(1, 'manifestId is required').max(200, 'manifestId must be at most 200 characters'), 'manifestId');

export const ZVerifyContentRequest = z
  .union([
    z.object({ assetUrl: ZHttpUrl.openapi({ example: 'https://example.org/photo.jpg' }) }).strict(),
    z.object({ manifestId: ZManifestId.openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }) }).strict(),
    z
      .object({
        manifestId: ZManifestId,
        assetUrl: ZHttpUrl.openapi({ description: 'The media shown with the manifest (a badge\'s picture), fetched through the safe fetcher unless assetSha256 matches' }),
        assetSha256: ZSha256Hex.optional().openapi({ description: 'SHA-256 of the media as the caller read it (a badge hashing a CORS-readable picture); a match spares the fetch' }),
      })
      .strict()
      .openapi({ description: 'A media check: the manifest\'s verdict only if the media carries it or is its signed (or original) file; see mediaCheck in the answer' }),
  ])
  .openapi('VerifyContentRequest', {
    description: 'The URL of an asset to fetch and verify, the ID of a manifest this gateway holds, or both: whether the media at that URL belongs to that manifest (a badge\'s check).',
  });
export type TVerifyContentRequest = z.infer<typeof ZVerifyContentRequest>;
