// Analytics contract: tracked events (badge views and clicks, report views, downloads...), and the
// signed-in account's summary and recent verification events. Figures are real counts; zero is zero.
import { z } from '@hono/zod-openapi';
import { rejectNul } from './common.ts';
import { ZRecoveryMethod, ZVerificationStatus } from './verify.ts';

export const ANALYTICS_EVENT_TYPES = ['badge_view', 'badge_click', 'verify_view', 'report_view', 'download', 'share', 'embed_copy'] as const;
export const ZAnalyticsEventType = z.enum(ANALYTICS_EVENT_TYPES, { error: `eventType must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}` }).openapi('AnalyticsEventType');
export type TAnalyticsEventType = z.infer<typeof ZAnalyticsEventType>;

export const ZTrackAnalyticsRequest = z
  .object({
    eventType: ZAnalyticsEventType,
    data: z.object({
      assetId: rejectNul(z.string({ error: 'data.assetId is required' }).trim().min(1, 'data.assetId is required').max(200), 'data.assetId').openapi({ description: 'A manifest ID or a signed asset ID' }),
      userAgent: rejectNul(z.string().max(512), 'data.userAgent').optional(),
      geo: rejectNul(z.string().max(120), 'data.geo').optional().openapi({ example: 'Paris, FR' }),
    }),
  })
  .openapi('TrackAnalyticsRequest');
export type TTrackAnalyticsRequest = z.infer<typeof ZTrackAnalyticsRequest>;

export const ZAssetMetrics = z
  .object({
    ...Object.fromEntries(ANALYTICS_EVENT_TYPES.map((type) => [type, z.number().int()])),
    verifications: z.number().int(),
  } as Record<TAnalyticsEventType | 'verifications', z.ZodNumber>)
  .openapi('AssetMetrics');
export type TAssetMetrics = Record<TAnalyticsEventType | 'verifications', number>;

export const ZTrackAnalyticsResponse = z
  .object({ success: z.literal(true), eventId: z.string(), metrics: ZAssetMetrics })
  .openapi('TrackAnalyticsResponse');
export type TTrackAnalyticsResponse = z.infer<typeof ZTrackAnalyticsResponse>;

export const ZVerificationEvent = z
  .object({
    id: z.string(),
    created_at: z.string(),
    status: ZVerificationStatus,
    reason: z.string(),
    geo_location: z.string().nullable(),
    manifestId: z.string().nullable(),
    source: z.enum(['url', 'upload', 'manifest']),
    /** A verification of the account's own signed content (by anyone), or one the account ran of another file. */
    ofOwnContent: z.boolean(),
    /** A badge's check whose media did not carry or match the manifest, or could not be read: not a verification of it, whatever `status` says of the manifest. */
    mediaCheck: z.enum(['mismatch', 'unchecked']).optional(),
    /** What was found: who vouches for the signer, in the report's words; null when not recorded (events before it was). */
    trustLabel: z.string().nullable().openapi({ description: 'Who vouched for the signer, in the words the report shows; null when not recorded' }),
    organization: z.string().nullable().openapi({ description: 'The organisation the credentials named, in the report\'s words (marked self-declared unless vouched for); null when none or not recorded' }),
    /** Where: the address verified (scheme, host and path; a badge's check: the media it was shown with). */
    assetUrl: z.string().nullable().openapi({ description: 'The address verified, without its query or fragment (a badge check: the media shown with the manifest); null for an upload or when not recorded' }),
    pageOrigin: z.string().nullable().openapi({ description: 'The site whose page asked (a badge\'s page origin), when it said' }),
    /** A file without credentials of its own matched in the manifest repository. */
    recovery: z
      .object({ method: ZRecoveryMethod, similarity: z.number().int(), manifestId: z.string() })
      .nullable()
      .openapi({ description: 'The file had no credentials of its own and matched a signing in the manifest repository: how, how closely (0-100), and the manifest credited' }),
    /** A manifest this gateway holds (the event's, or the one recovered): its report is at /v/{manifestId}, of the signed file as signed. */
    heldManifestId: z.string().nullable().openapi({ description: 'A manifest this gateway holds (the file\'s own, or the one recovered): its report is at /v/{manifestId}, of the signed file as signed; null otherwise' }),
    /** The account's own batch-job item that ran it: its report is the item's stored result (GET /jobs/{id}/items/{index}). */
    jobItem: z
      .object({ jobId: z.string(), index: z.number().int() })
      .nullable()
      .openapi({ description: 'The account\'s own batch-job item that ran the verification: its stored result is at GET /jobs/{jobId}/items/{index}; null otherwise (another account\'s job is never named)' }),
  })
  .openapi('VerificationEvent');
export type TVerificationEvent = z.infer<typeof ZVerificationEvent>;

export const ZVerificationEventList = z.object({ events: z.array(ZVerificationEvent) }).openapi('VerificationEventList');
export type TVerificationEventList = z.infer<typeof ZVerificationEventList>;

const ZStatusCounts = z.object({ verified: z.number().int(), partial: z.number().int(), invalid: z.number().int(), unsigned: z.number().int() });

export const ZAnalyticsSummary = z
  .object({
    manifests: z.number().int().openapi({ description: 'Manifests this account has signed' }),
    verifications: ZStatusCounts.extend({ total: z.number().int() }).openapi({ description: 'Every verification involving the account: ownContent plus performed' }),
    ownContent: ZStatusCounts.extend({ total: z.number().int() }).openapi({ description: 'Verifications of content this account signed, by anyone' }),
    performed: ZStatusCounts.extend({ total: z.number().int() }).openapi({ description: 'Verifications this account ran of files it did not sign' }),
    successRate: z.number().nullable().openapi({ description: 'Share of verifications that were verified, in percent; null when there are none' }),
    verificationsToday: z.number().int(),
    perDay: z.array(ZStatusCounts.extend({ date: z.string().openapi({ example: '2026-11-21' }) })).openapi({ description: 'The last 30 days, oldest first' }),
    failureReasons: z.array(z.object({ reason: z.string(), status: ZVerificationStatus, count: z.number().int() })),
    /**
     * Badges that showed the account's manifests around media checked against them and found not to
     * belong (mismatch) or not checkable (unchecked): counted here, never in the status counts above.
     */
    mediaChecks: z
      .object({ mismatch: z.number().int(), unchecked: z.number().int() })
      .optional()
      .openapi({ description: 'Badge checks of the account\'s manifests whose media did not carry or match them (mismatch) or could not be read (unchecked); not counted as verifications' }),
    /** Copies of the account's content that arrived without their credentials and were matched in the manifest repository. */
    stripped: z
      .object({
        count: z.number().int(),
        byMethod: z.object({ 'exact-hash': z.number().int(), fingerprint: z.number().int() }),
        topReferrers: z.array(z.object({ referrer: z.string(), count: z.number().int() })).openapi({ description: 'The sites (page origins) that showed them, most first' }),
      })
      .optional(),
  })
  .openapi('AnalyticsSummary');
export type TAnalyticsSummary = z.infer<typeof ZAnalyticsSummary>;
