// A signed asset's trusted timestamp: where it stands (in the signing answer, the asset list and the
// answer to POST /assets/{assetId}/timestamp). A timestamp the authority could not give at signing is
// added later by a C2PA update manifest (content untouched); the file at signedAssetUrl is then the
// updated one, and the version it replaced stays at previousVersionUrl.
import { z } from '@hono/zod-openapi';

export const ZTimestampState = z.enum(['none', 'pending', 'added', 'failed']).openapi({
  description:
    'none: signed without a time-stamping authority (POST /assets/{assetId}/timestamp adds one); pending: the authority did not answer at signing, the timestamp is added as soon as it does; added: the signature carries a trusted timestamp (at signing, or added later by an update manifest); failed: a week of retries gave up (POST /assets/{assetId}/timestamp tries again)',
});
export type TTimestampState = z.infer<typeof ZTimestampState>;

export const ZAssetTimestamp = z
  .object({
    state: ZTimestampState,
    addedAt: z.string().nullable().openapi({ description: 'When an update manifest added the timestamp (ISO 8601); null when it came with the signing or is not there' }),
    attempts: z.number().int().openapi({ description: 'Attempts to add it later' }),
    lastError: z.string().nullable().openapi({ description: 'Why the last attempt failed, in words' }),
    previousVersionUrl: z.string().url().nullable().openapi({ description: 'The signed file as it was before the timestamp was added (kept unchanged); null when nothing was replaced' }),
  })
  .openapi('AssetTimestamp');
export type TAssetTimestamp = z.infer<typeof ZAssetTimestamp>;

export const ZAssetTimestampResponse = z
  .object({
    assetId: z.string(),
    manifestId: z.string().openapi({ description: 'The asset’s manifest, whose claim signature the timestamp covers' }),
    timestampManifestId: z.string().openapi({ description: 'The update manifest carrying the c2pa.time-stamp assertion, now the file’s active manifest' }),
    signedAssetUrl: z.string().url().openapi({ description: 'The updated file (the same URL as before)' }),
    timestamp: ZAssetTimestamp,
  })
  .openapi('AssetTimestampResponse');
export type TAssetTimestampResponse = z.infer<typeof ZAssetTimestampResponse>;
