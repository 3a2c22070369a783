// Verification contract: the promised `verification` and `badge`, plus the
// full `report` with validation codes, manifests, the ingredient tree and the signer.
import { z } from '@hono/zod-openapi';

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
    label: z.string().openapi({
      description:
        'Who vouches for the signer, in the words report, badge, SVG badge, emails and CLI all show. The gateway tier (this gateway’s own root) is not a trust list: other validators show such a file as unrecognised',
      example: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised',
    }),
  })
  .openapi('TrustVerdict');
export type TTrustVerdict = z.infer<typeof ZTrustVerdict>;
/**
 * What is known of the signing certificate's (or a named actor's credential's) revocation: good, revoked, unknown (to the responder)
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
    redactions: z
      .array(z.object({ manifest: z.string().openapi({ description: 'The earlier manifest the assertion was removed from' }), assertion: z.string().openapi({ example: 'stds.exif' }) }))
      .openapi({ description: 'Assertions of earlier manifests this manifest removed (C2PA redaction, e.g. a source\'s location when re-signing)' }),
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

/**
 * A named actor: a CAWG identity assertion (CAWG Identity Assertion 1.3) of the active manifest,
 * apart from the claim signer. Its status comes from its own cawg.* codes only: an untrusted
 * identity does not make the claim invalid, and an untrusted claim signer does not make a trusted
 * identity untrusted.
 */
export const ZNamedIdentity = z
  .object({
    label: z.string().openapi({ description: 'The assertion’s label in the manifest', example: 'cawg.identity' }),
    name: z.string().nullable().openapi({ description: 'Who the assertion names: the organisation (else the common name) of its X.509 credential', example: 'Acme News' }),
    credentialIssuer: z.string().nullable().openapi({ description: 'Who issued that credential (its issuer’s organisation, else common name); null when not known', example: 'Provenance Gateway' }),
    status: z.enum(['trusted', 'untrusted', 'invalid', 'revoked']).openapi({
      description:
        'trusted: the signature is valid and its credential chains to an identity trust anchor (cawg.x509.credential.trusted); untrusted: valid, but no anchor vouches for the credential; invalid: any other cawg.* failure (a signature that does not match, a malformed assertion); revoked: the certificate authority that issued the credential (this gateway) revoked it, and no trusted timestamp shows the claim naming the actor was signed before that (gateway.identity.credential.revoked). A revoked identity does not change the claim’s verdict.',
    }),
    revocation: ZRevocationCheck.optional().openapi({
      description:
        'What is known of the credential’s revocation. This gateway checks the credentials its own certificate authority issued against its own records (the records its OCSP responder and CRL answer from); for any other credential the status is not_checked and the reason says so. Absent when revocation was not asked (a verification as of a declared time says not_checked).',
    }),
    codes: z
      .object({ success: z.array(ZValidationCode), informational: z.array(ZValidationCode), failure: z.array(ZValidationCode) })
      .openapi({ description: 'c2pa-rs’s codes for this assertion, and this gateway’s revocation codes for its credential (gateway.identity.*: CAWG 1.3 defines no revocation status code)' }),
  })
  .openapi('NamedIdentity');
export type TNamedIdentity = z.infer<typeof ZNamedIdentity>;

export const ZVerification = z
  .object({
    status: ZVerificationStatus,
    chainValid: z.boolean().openapi({ description: "The signer's certificate chain is valid and chains to a trust anchor (c2pa-rs: signingCredential.trusted, no signingCredential failure), even when the content failed" }),
    signatureValid: z.boolean().openapi({ description: 'The claim signature validates (claimSignature.validated, or no claimSignature failure when the signing certificate has expired), even when the content failed' }),
    trustLevel: ZTrustLevel,
    trust: ZTrustVerdict,
    /** The validation status code the reason explains (the most severe failure); null when unsigned. */
    reasonCode: z.string().nullable().openapi({ example: 'assertion.dataHash.mismatch' }),
    /** Present when the signing certificate's revocation was asked about. */
    revocation: ZRevocationCheck.optional(),
    /** What the verification was made under; absent only from a verdict made in a browser. */
    evidence: z
      .object({
        trustSnapshot: z
          .object({
            id: z.string().openapi({ description: 'SHA-256 over the trust anchors in force with their lists and tiers: give it as trustSnapshot to verify under the same lists again' }),
            lists: z.array(
              z.object({
                name: z.string(),
                sha256: z.string().openapi({ description: "SHA-256 of the list's text" }),
                retrievedAt: z.string().nullable().openapi({ description: 'When this copy of the list was retrieved; null when not known (the gateway\'s own root)' }),
              }),
            ),
          })
          .optional()
          .openapi({ description: 'The trust lists the verdict was made under' }),
        revocation: z
          .object({
            responder: z.string().openapi({ description: 'The OCSP responder asked' }),
            producedAt: z.string().openapi({ description: 'When the responder signed its answer' }),
            response: z.string().openapi({ description: "The responder's whole signed answer, a DER OCSPResponse in base64: `openssl ocsp -respin` reads it" }),
          })
          .optional()
          .openapi({ description: "The OCSP answer the revocation check rests on, when a responder was asked (not for this gateway's own records)" }),
        validatedAt: z.string().datetime({ offset: true }).openapi({ description: 'The instant certificates were judged at: when the verdict was made, or the declared time (`at`); a timestamped signature is judged at its timestamp\'s time', example: '2045-01-01T00:00:00.000Z' }),
      })
      .optional()
      .openapi('VerificationEvidence'),
    identities: z
      .array(ZNamedIdentity)
      .optional()
      .openapi({ description: 'The organisations and people the manifest names (its CAWG identity assertions), each with its own verdict, apart from the claim signer’s; absent from verdicts made before they were reported' }),
    credentials: z.object({
      creator: z.string().nullable(),
      organization: z.string().nullable(),
      organizationVerified: z.boolean().openapi({
        description:
          'Whether someone checked the organisation name: true only when the claim signature is valid and either (a) the signer is on a public or operator trust list (trust.tier conformant, legacy or custom), which vouch for the identity of the signers they hold, or (b) the signer is a certificate this gateway issued (trust.tier gateway) while the account’s organisation name was verified by confirming an address at its domain; such a certificate carries the gateway’s organisation-verified policy, so the answer is the same for any later verification of that signature. False otherwise, including for a name an account merely typed in (self-declared) and when there is no organisation.',
      }),
      organizationDomain: z.string().nullable().openapi({
        description:
          'The domain at which this gateway verified the organisation name (an address there was confirmed; the signing certificate names it as a dNSName). Shown with the name, so a name verified at an unrelated domain says so. Null when organizationVerified is false or a trust list vouches instead.',
        example: 'reuters.com',
      }),
      softwareAgent: z.string().nullable(),
      aiAssisted: z.boolean(),
      editHistory: z.array(z.string()),
    }),
  })
  .openapi('Verification');
export type TVerification = z.infer<typeof ZVerification>;

/** How a file matched a signing: exact-hash, the same bytes (SHA-256); fingerprint, a near ISCC Image-Code (io.iscc.v0). */
export const ZRecoveryMethod = z.enum(['exact-hash', 'fingerprint']).openapi({
  description:
    'exact-hash: the file has the same bytes (SHA-256) as the signed asset as given, as signed, or as signed with its manifest removed; fingerprint: its ISCC Image-Code (io.iscc.v0) is within the match threshold, as it is or in one of its eight EXIF orientations',
});

/** 100 for an exact hash; else 100 × (1 − Hamming distance / 64), rounded. */
const ZSimilarity = z.number().int().min(0).max(100).openapi({ description: 'How closely the file matched, 0-100: 100 for an exact hash; else 100 × (1 − Hamming distance / 64), rounded' });

/** One signing whose content matches the file, as the recovery lists them. */
export const ZRecoveryCandidate = z
  .object({
    manifestId: z.string().openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }),
    /** The organisation the signing's credentials name (its certificate's O); null when none. */
    organization: z.string().nullable().openapi({ example: 'Example News' }),
    /** The time the manifest claims (the signer's clock), ISO 8601. */
    signedAt: z.string().openapi({ example: '2026-03-01T09:30:00.000Z' }),
    /** The time the signature's trusted RFC 3161 timestamp attests, ISO 8601; null when it has none (or one no time-stamping trust anchor vouches for). */
    trustedTimestampAt: z.string().nullable().openapi({ example: null }),
    method: ZRecoveryMethod,
    similarity: ZSimilarity,
  })
  .openapi('RecoveryCandidate', {
    description: 'A signing in the manifest repository whose content matches the file',
  });
export type TRecoveryCandidate = z.infer<typeof ZRecoveryCandidate>;

/**
 * A file without Content Credentials of its own, matched in this gateway's manifest repository: the
 * file's own verification stays unsigned; this says which manifest is credited (the earliest signing
 * of matching content), how it matched, that manifest's verification (of the signed asset the gateway
 * holds, not of this file), and every matching signing, earliest first.
 *
 * Ranking, earliest first: a signing whose signature carries a trusted RFC 3161 timestamp is ranked by
 * that timestamp's time and before every signing that only claims a time; signings of the same kind
 * rank by their time (then by when the gateway indexed them). The first candidate is the one credited.
 */
export const ZRecovery = z
  .object({
    manifestId: z.string().openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f', description: 'The credited manifest: the earliest signing of matching content (candidates[0])' }),
    method: ZRecoveryMethod,
    similarity: ZSimilarity,
    /** Where the matched manifest store is served (application/c2pa). */
    manifestUrl: z.string(),
    /** The credited manifest's verification, of the signed asset the gateway holds (not of this file). */
    verification: ZVerification,
    candidates: z.array(ZRecoveryCandidate).max(10).openapi({
      description:
        'Every signing whose content matches the file, earliest first (up to 10; the first is the one credited): trusted RFC 3161 timestamps first, by their time, then signings that only claim a time, by that time',
    }),
  })
  .openapi('Recovery', {
    description:
      'Set when the file has no Content Credentials of its own and the manifest repository holds matching signings. The earliest signing of matching content is credited: a signing with a trusted RFC 3161 timestamp ranks by that time and before any signing that only claims a time.',
  });
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
