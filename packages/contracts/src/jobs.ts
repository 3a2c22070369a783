// Batch jobs contract: many verifications or signings of assets named by URL, run on the server's
// PostgreSQL-backed queue. A job is accepted at once (202) and read back for progress and results.
import { z } from '@hono/zod-openapi';
import { rejectNul, ZTimestamp } from './common.ts';
import { ZSigningMetadata, ZSigningOrganization } from './sign.ts';
import { ZValidationCode, ZVerificationStatus, ZVerifyResponse } from './verify.ts';

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

/** Items a page of `GET /api/v1/jobs/{id}/items` holds at most. */
export const MAX_JOB_ITEMS_PAGE = 100;

/** Why an item could not be processed, after its retries. */
export const ZJobItemError = z.object({ code: z.string(), message: z.string() }).openapi('JobItemError');

/**
 * One item of a job as the app lists it: what was asked (its address), where it stands, and, once
 * done, the verdict with the words the report uses (its reason, who vouches, the failing checks each
 * explained); once failed, why. A sign item's verdict is the verification of the file it signed.
 */
export const ZJobItemSummary = z
  .object({
    index: z.number().int().openapi({ description: 'The item\'s place in the job, from 0' }),
    assetUrl: z.string(),
    status: z.enum(['queued', 'done', 'failed']).openapi({ description: 'queued: not processed yet; done: processed, whatever the verdict; failed: could not be processed' }),
    verdict: ZVerificationStatus.nullable().openapi({ description: 'The verification\'s status; null unless done' }),
    reason: z.string().nullable().openapi({ description: 'The verdict\'s reason in the report\'s words; null unless done' }),
    /** The validation status code the reason explains; null when unsigned or not done. */
    reasonCode: z.string().nullable(),
    trustLabel: z.string().nullable().openapi({ description: 'Who vouches for the signer, in the report\'s words; null unless done' }),
    organization: z.string().nullable().openapi({ description: 'The organisation the credentials name, in the report\'s words (marked self-declared unless vouched for); null when none', example: 'Example News (self-declared, not verified)' }),
    failures: z.array(ZValidationCode).openapi({ description: 'The failing checks (with the ingredients\'), each explained in one line; empty unless done' }),
    manifestId: z.string().nullable().openapi({ description: 'The file\'s manifest (a sign item: the manifest it made); null when none' }),
    recoveredManifestId: z.string().nullable().openapi({ description: 'An unsigned file matched in the manifest repository: the manifest credited' }),
    error: ZJobItemError.nullable().openapi({ description: 'Why the item could not be processed, when failed' }),
  })
  .openapi('JobItemSummary');
export type TJobItemSummary = z.infer<typeof ZJobItemSummary>;

export const ZJobItemPageQuery = z.object({
  from: z.coerce.number({ error: 'from must be a number' }).int('from must be a whole number').min(0, 'from must be at least 0').max(MAX_JOB_ITEMS, `from must be at most ${MAX_JOB_ITEMS}`).default(0).openapi({ description: 'The index of the page\'s first item' }),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_JOB_ITEMS_PAGE, `limit must be at most ${MAX_JOB_ITEMS_PAGE}`).default(50),
});

/** A page of a job's items in index order (every item, queued ones too). */
export const ZJobItemPage = z
  .object({
    job: ZJob,
    from: z.number().int(),
    items: z.array(ZJobItemSummary),
  })
  .openapi('JobItemPage');
export type TJobItemPage = z.infer<typeof ZJobItemPage>;

/**
 * One item with its whole answer: the verification report (for a sign item, the verification of the
 * file it signed), shown by the app as the report page of that item.
 */
export const ZJobItemReport = z
  .object({
    jobId: z.string(),
    type: ZJobType,
    item: ZJobItemSummary,
    verification: ZVerifyResponse.nullable().openapi({ description: 'The item\'s verification, as POST /verify-content answers it; null unless done' }),
  })
  .openapi('JobItemReport');
export type TJobItemReport = z.infer<typeof ZJobItemReport>;
