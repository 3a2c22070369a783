// Batch jobs: POST /jobs (JSON or NDJSON; Idempotency-Key), GET /jobs (the account's, newest first),
// GET /jobs/{id} (progress), GET /jobs/{id}/results (NDJSON, streamed), GET /jobs/{id}/items (a page of
// items with their verdicts and reasons in words) and GET /jobs/{id}/items/{index} (one item's report).
// A session or an API key.
import { createRoute, z } from '@hono/zod-openapi';
import {
  MAX_JOB_ITEMS,
  ZCreateJobRequest,
  ZJob,
  ZJobAccepted,
  ZJobItemPage,
  ZJobItemPageQuery,
  ZJobItemReport,
  ZJobItemResult,
  ZJobList,
  ZJobType,
  ZSigningOrganization,
  type TJobAccepted,
  type TJobType,
} from '@provenance/contracts';
import { ApiError } from '../../http/api-error.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_HEADER_DESCRIPTION, idempotent } from '../../http/idempotency.ts';
import type { SignedContent } from '../../services/signing/sign-content.ts';
import type { FinishedItem } from '../../services/jobs/job-store.ts';
import { errorResponse, errorResponses, jsonResponse, SIGNING_NAME_CONFLICT } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { signAnswer } from '../sign-answer.ts';
import { jobValidationMessage, NDJSON_TYPE, parseJobRequest } from './parse-job-request.ts';

const ZJobParams = z.object({ id: z.string().uuid('id must be a job ID').openapi({ param: { name: 'id', in: 'path' }, example: '4f7d0c55-2a55-4b1f-9b0e-0c1f3f6f2d1a' }) });
const ZJobItemParams = ZJobParams.extend({
  index: z.coerce
    .number({ error: 'index must be a number' })
    .int('index must be a whole number')
    .min(0, 'index must be at least 0')
    .max(MAX_JOB_ITEMS - 1, `index must be at most ${MAX_JOB_ITEMS - 1}`)
    .openapi({ param: { name: 'index', in: 'path' }, example: 0 }),
});
const ERROR_422 = { description: 'The Idempotency-Key was already used with a different request', content: { 'application/json': { schema: z.object({ error: z.object({ code: z.string(), message: z.string() }) }) } } };

/** One NDJSON line of results; a verification is already JSON text and is spliced in as it is. */
function resultLine(item: FinishedItem, type: TJobType, apiBaseUrl: string): string {
  if (item.status === 'failed') return JSON.stringify({ index: item.index, assetUrl: item.assetUrl, status: 'failed', error: item.error });
  if (type === 'sign') return JSON.stringify({ index: item.index, assetUrl: item.assetUrl, status: 'done', result: signAnswer(apiBaseUrl, JSON.parse(item.result ?? 'null') as SignedContent) });
  return `{"index":${item.index},"assetUrl":${JSON.stringify(item.assetUrl)},"status":"done","result":${item.result ?? 'null'}}`;
}

export function registerJobRoutes(api: ApiApp, ctx: RouteContext): void {
  const create = createRoute({
    method: 'post',
    path: '/jobs',
    tags: ['jobs'],
    summary: 'Start a batch job: verify or sign up to 10,000 assets named by URL',
    description:
      'Accepted at once (202); the items run on the server\'s work queue, each retried with backoff, and end done (processed, whatever the verdict) or failed (could not be processed, with its reason). Send JSON {type, items}, or NDJSON (Content-Type: application/x-ndjson, one JobItemRequest per line) with ?type=verify|sign; every item is validated first and a bad one is a 400 naming it (items.N, or its line number), nothing stored. A sign job\'s items need their metadata, and the job is signed under the account\'s organisation name: organization (in the JSON body, or ?organization= with NDJSON) sets it while none is set; without a name the job is a 409 organization_required, nothing stored. An account may have JOB_MAX_QUEUED_ITEMS items (20,000 by default) waiting across its jobs: a job that would pass it is a 429 job_queue_full naming the limit.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: {
      query: z.object({
        type: ZJobType.optional().openapi({ description: 'The job type of an NDJSON upload' }),
        organization: ZSigningOrganization.optional().openapi({ description: 'An NDJSON sign job’s name to sign under (a JSON job gives it in the body): as a signing request’s organization' }),
      }),
      headers: z.object({ 'idempotency-key': z.string().optional().openapi({ description: IDEMPOTENCY_HEADER_DESCRIPTION }) }),
      body: {
        content: {
          'application/json': { schema: ZCreateJobRequest, example: { type: 'verify', items: [{ assetUrl: 'https://example.org/a.jpg' }, { assetUrl: 'https://example.org/b.jpg' }] } },
          [NDJSON_TYPE]: { schema: { type: 'string', description: 'One JobItemRequest as JSON per line' }, example: '{"assetUrl":"https://example.org/a.jpg"}\n{"assetUrl":"https://example.org/b.jpg"}\n' },
        },
      },
    },
    responses: {
      202: jsonResponse(ZJobAccepted, 'Accepted; read its progress at /jobs/{id}'),
      ...errorResponses(400, 401, 413, 429),
      409: errorResponse(`A sign job: ${SIGNING_NAME_CONFLICT}, refused before anything is stored; or an Idempotency-Key still in progress`),
      422: ERROR_422,
    },
  });
  api.openapi(create, async (c) => {
    const userId = c.var.account.userId;
    const { job, fingerprint } = await parseJobRequest(c, c.req.valid('query'));
    const response = await idempotent(
      { keys: ctx.services.idempotencyKeys, userId, key: c.req.header(IDEMPOTENCY_HEADER), operation: 'POST /jobs', request: fingerprint },
      async () => c.json(await ctx.services.batchJobs.create(userId, job), 202),
    );
    return response as unknown as ReturnType<typeof c.json<TJobAccepted, 202>>;
  }, (result) => {
    // The shared hook's message, with the item named (items.N) when the schema's names only the field.
    if (!result.success) throw ApiError.validation(jobValidationMessage(result.error));
    return undefined;
  });

  const list = createRoute({
    method: 'get',
    path: '/jobs',
    tags: ['jobs'],
    summary: 'The account\'s batch jobs, newest first, with their progress',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { query: z.object({ limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(20) }) },
    responses: { 200: jsonResponse(ZJobList, 'The jobs'), ...errorResponses(400, 401) },
  });
  api.openapi(list, async (c) => c.json({ jobs: await ctx.services.batchJobs.list(c.var.account.userId, c.req.valid('query').limit) }, 200));

  const get = createRoute({
    method: 'get',
    path: '/jobs/{id}',
    tags: ['jobs'],
    summary: 'A batch job\'s progress: done, failed and total items',
    description: 'queued until an item starts, running, then completed once every item is done or failed (failed when none could be processed). Another account\'s job is 404.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZJobParams },
    responses: { 200: jsonResponse(ZJob, 'The job'), ...errorResponses(400, 401, 404) },
  });
  api.openapi(get, async (c) => c.json(await ctx.services.batchJobs.get(c.var.account.userId, c.req.valid('param').id), 200));

  const results = createRoute({
    method: 'get',
    path: '/jobs/{id}/results',
    tags: ['jobs'],
    summary: 'A batch job\'s results as NDJSON, streamed',
    description:
      'One JobItemResult per line for every finished item, in item order: {index, assetUrl, status: done, result} (a VerifyResponse, or a SignContentResponse) or {index, assetUrl, status: failed, error: {code, message}}. Items still queued are left out; read again once the job is completed.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZJobParams },
    responses: {
      200: { description: 'NDJSON: one JobItemResult per line', content: { [NDJSON_TYPE]: { schema: ZJobItemResult } } },
      ...errorResponses(400, 401, 404),
    },
  });
  api.openapi(results, async (c) => {
    const { type, items } = await ctx.services.batchJobs.results(c.var.account.userId, c.req.valid('param').id);
    const iterator = items[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const apiBaseUrl = ctx.apiBaseUrl(c);
    const stream = new ReadableStream<Uint8Array>({
      // Pulled as the client reads: a page of rows at a time, never the whole job in memory.
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(`${resultLine(next.value, type, apiBaseUrl)}\n`));
      },
      async cancel() {
        await iterator.return?.();
      },
    });
    return c.body(stream, 200, { 'content-type': NDJSON_TYPE }) as never;
  });

  const items = createRoute({
    method: 'get',
    path: '/jobs/{id}/items',
    tags: ['jobs'],
    summary: 'A page of a batch job\'s items, each with its verdict and reason in words, or its error',
    description:
      'Items in index order from `from` (every item, queued ones too), with the job\'s progress. A done item carries its verdict, the report\'s reason, trust label and failing checks, each explained; a failed one its error. Page on with from + limit until from reaches the job\'s total. Another account\'s job is 404.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZJobParams, query: ZJobItemPageQuery },
    responses: { 200: jsonResponse(ZJobItemPage, 'The page'), ...errorResponses(400, 401, 404) },
  });
  api.openapi(items, async (c) => {
    const { from, limit } = c.req.valid('query');
    return c.json(await ctx.services.batchJobs.itemPage(c.var.account.userId, c.req.valid('param').id, from, limit), 200);
  });

  const item = createRoute({
    method: 'get',
    path: '/jobs/{id}/items/{index}',
    tags: ['jobs'],
    summary: 'One batch-job item with its whole verification, for its report',
    description: 'The item as the page lists it and, once done, its verification as POST /verify-content answers it (a sign item: the verification of the file it signed). Another account\'s job, or an index past the job\'s items, is 404.',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { params: ZJobItemParams },
    responses: { 200: jsonResponse(ZJobItemReport, 'The item and its verification'), ...errorResponses(400, 401, 404) },
  });
  api.openapi(item, async (c) => {
    const { id, index } = c.req.valid('param');
    return c.json(await ctx.services.batchJobs.itemReport(c.var.account.userId, id, index), 200);
  });
}
