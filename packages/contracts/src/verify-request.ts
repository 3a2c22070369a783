// The verify-content request (POST /verify-content) and the manifest-by-hash answer: what a client
// sends to have a file verified (an upload's fields, a URL, a SHA-256), validated here.
import { z } from '@hono/zod-openapi';
import { rejectNul } from './common.ts';

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

/**
 * The instant a verification is made as of (`at`): an ISO 8601 date-time with a zone, between 1990
 * and 2200 (the engine's validation-clock.ts keeps the same bounds for the CLI's --at).
 */
export const ZValidationTime = z
  .string({ error: 'at must be an ISO 8601 date-time' })
  .datetime({ offset: true, error: 'at must be an ISO 8601 date-time with a time zone, such as 2045-01-01T00:00:00Z' })
  .refine((text) => {
    const at = Date.parse(text);
    return at >= Date.parse('1990-01-01T00:00:00Z') && at <= Date.parse('2200-01-01T00:00:00Z');
  }, 'at must lie between 1990-01-01T00:00:00Z and 2200-01-01T00:00:00Z')
  .openapi({
    description:
      'Validate as of this instant: certificates are judged valid or expired then (a signature without a trusted timestamp whose certificate has expired by then is invalid; a timestamped one is judged at its timestamp). Revocation is not asked (a responder answers for now), and the answer is never cached.',
  });

/** An earlier answer's verification.evidence.trustSnapshot.id: verify under the trust lists it names. */
export const ZTrustSnapshotId = z
  .string({ error: 'trustSnapshot must be a trust snapshot ID' })
  .regex(/^[0-9a-f]{64}$/, 'trustSnapshot must be a trust snapshot ID: 64 lowercase hexadecimal characters, as verification.evidence.trustSnapshot.id gives it')
  .openapi({
    description:
      'Verify under the trust lists of an earlier answer (its verification.evidence.trustSnapshot.id): with `at` set to that answer\'s validatedAt, the earlier result is reproduced. Not cached, no event recorded, revocation not asked.',
  });

export const ZVerifyContentRequest = z
  .union([
    z.object({ assetUrl: ZHttpUrl.openapi({ example: 'https://example.org/photo.jpg' }), at: ZValidationTime.optional(), trustSnapshot: ZTrustSnapshotId.optional() }).strict(),
    z.object({ manifestId: ZManifestId.openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f' }), at: ZValidationTime.optional(), trustSnapshot: ZTrustSnapshotId.optional() }).strict(),
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
