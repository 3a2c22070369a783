// Batch jobs contract: many verifications or signings of assets named by URL, run on the server's
// PostgreSQL-backed queue. A job is accepted at once (202) and read back for progress and results.
import { z } from '@hono/zod-openapi';
import { rejectNul, ZTimestamp } from './common.ts';
import { ZSigningMetadata, ZSigningOrganization } from './sign.ts';

/** The most items one job may hold. */
export const MAX_JOB_ITEMS = 10_000;

export const ZJobType = z.enum(['verify', 'sign']).openapi('JobType');
export type TJobType = z.infer<typeof ZJobType>;

export const ZJobItemRequest = z
  .object({
    // zod's url() lets a NUL through, which the database cannot store.
    assetUrl: rejectNul(
      z
        .string({ error: 'assetUrl is required' })
        .trim()
        .min(1, 'assetUrl is required')
        .max(2048, 'assetUrl must be at most 2048 characters')
        .url('assetUrl must be an http or https URL')
        // zod's url() takes any scheme; a job item's is fetched, so only http(s) is accepted up front.
        .refine((url) => /^https?:\/\//i.test(url), 'assetUrl must be an http or https URL'),
      'assetUrl',
    ).openapi({ example: 'https://example.org/photo.jpg' }),
    /** Signing metadata (required for a sign job, ignored for a verify job). */
    metadata: ZSigningMetadata.optional(),
  })
  .openapi('JobItemRequest');
export type TJobItemRequest = z.input<typeof ZJobItemRequest>;

/**
 * A job as JSON. The same items may instead be sent as NDJSON (`Content-Type: application/x-ndjson`,
 * one JobItemRequest per line) with the type in the query: `POST /api/v1/jobs?type=verify`.
 */
export const ZCreateJobRequest = z
  .object({
    type: ZJobType,
    items: z
      .array(ZJobItemRequest)
      .min(1, 'items must hold at least one item')
      .max(MAX_JOB_ITEMS, `items must hold at most ${MAX_JOB_ITEMS} items`),
    /** A sign job's name to sign under, as in a signing request (NDJSON: ?organization=). */
    organization: ZSigningOrganization.optional(),
  })
  .openapi('CreateJobRequest');
export type TCreateJobRequest = z.input<typeof ZCreateJobRequest>;

export const ZJobStatus = z.enum(['queued', 'running', 'completed', 'failed']).openapi('JobStatus');
export type TJobStatus = z.infer<typeof ZJobStatus>;

export const ZJobAccepted = z
  .object({ id: z.string().openapi({ example: '4f7d0c55-2a55-4b1f-9b0e-0c1f3f6f2d1a' }), status: ZJobStatus })
  .openapi('JobAccepted');
export type TJobAccepted = z.infer<typeof ZJobAccepted>;

export const ZJob = z
  .object({
    id: z.string(),
    type: ZJobType,
    status: ZJobStatus,
    total: z.number().int().openapi({ description: 'Items in the job' }),
    done: z.number().int().openapi({ description: 'Items processed, whatever their verdict (an unsigned or invalid file is a result)' }),
    failed: z.number().int().openapi({ description: 'Items that could not be processed after their retries' }),
    createdAt: ZTimestamp,
    completedAt: ZTimestamp.nullable(),
  })
  .openapi('Job');
export type TJob = z.infer<typeof ZJob>;

export const ZJobList = z.object({ jobs: z.array(ZJob) }).openapi('JobList');
export type TJobList = z.infer<typeof ZJobList>;

/**
 * One line of `GET /api/v1/jobs/{id}/results` (NDJSON, in item order, finished items only).
 * `result` is the item's answer: a VerifyResponse for a verify job, a SignContentResponse for a sign
 * job; `error` says why an item could not be processed.
 */
export const ZJobItemResult = z
  .object({
    index: z.number().int(),
    assetUrl: z.string(),
    status: z.enum(['done', 'failed']),
    result: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  })
  .openapi('JobItemResult');
export type TJobItemResult = z.infer<typeof ZJobItemResult>;
