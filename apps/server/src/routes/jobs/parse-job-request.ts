// Reads the body of POST /jobs into a job: JSON ({type, items}) or NDJSON (one item per line, the
// type in the query). Every item is validated before anything is stored; the first bad one is a 400
// naming its place (items.N for JSON, the line number for NDJSON).
import { MAX_JOB_ITEMS, ZCreateJobRequest, ZJobItemRequest, type TJobType } from '@provenance/contracts';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { ApiError } from '../../http/api-error.ts';
import { readJsonBody } from '../../http/json-body.ts';
import { validationMessage } from '../../http/validation-hook.ts';
import type { NewBatchJob } from '../../services/jobs/batch-jobs.ts';

export const NDJSON_TYPE = 'application/x-ndjson';

/** The largest body of POST /jobs: 10,000 items with URLs and signing metadata. */
export const MAX_JOB_REQUEST_BYTES = 16 * 1024 * 1024;

export const isNdjson = (contentType: string | undefined): boolean => /^application\/(x-)?ndjson\s*(;|$)/i.test((contentType ?? '').trim());

/** The parsed job and the text that identifies it (for Idempotency-Key). */
export interface ParsedJobRequest {
  job: NewBatchJob;
  fingerprint: string;
}

/** A validation message that names the item (items.N) when the schema's own message names only its field. */
export function jobValidationMessage(error: ZodError): string {
  const message = validationMessage(error);
  const [field, index] = error.issues[0]?.path ?? [];
  return field === 'items' && typeof index === 'number' && !message.startsWith('items.') ? `items.${index}: ${message}` : message;
}

function parseNdjson(text: string, type: TJobType, organization: string | undefined): NewBatchJob {
  const items: NewBatchJob['items'] = [];
  const lines = text.split('\n');
  for (let number = 1; number <= lines.length; number += 1) {
    const line = lines[number - 1]!.trim();
    // Blank lines (the final newline, a separator) hold no item; line numbers still count them.
    if (line === '') continue;
    if (items.length === MAX_JOB_ITEMS) throw ApiError.validation(`line ${number}: a job holds at most ${MAX_JOB_ITEMS} items`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw ApiError.validation(`line ${number}: not valid JSON`);
    }
    const item = ZJobItemRequest.safeParse(value);
    if (!item.success) throw ApiError.validation(`line ${number}: ${validationMessage(item.error)}`);
    if (type === 'sign' && !item.data.metadata) throw ApiError.validation(`line ${number}: metadata is required for a sign job`);
    items.push(item.data);
  }
  if (items.length === 0) throw ApiError.validation('The NDJSON body holds no items: send one JSON object per line');
  return { type, items, organization };
}

/** `query`: the query's type and name to sign under (validated by the route), which an NDJSON upload carries there. */
export async function parseJobRequest(c: Context, query: { type?: TJobType | undefined; organization?: string | undefined }): Promise<ParsedJobRequest> {
  if (isNdjson(c.req.header('content-type'))) {
    const { type: queryType, organization } = query;
    if (!queryType) throw ApiError.validation('type is required in the query for an NDJSON upload: ?type=verify or ?type=sign');
    const text = await c.req.text();
    return { job: parseNdjson(text, queryType, organization), fingerprint: organization === undefined ? `${queryType}\n${text}` : `${queryType}\n${organization}\n${text}` };
  }
  const body = await readJsonBody(c.req);
  const parsed = ZCreateJobRequest.safeParse(body);
  if (!parsed.success) throw ApiError.validation(jobValidationMessage(parsed.error));
  const { type, items, organization } = parsed.data;
  if (type === 'sign') {
    const missing = items.findIndex((item) => !item.metadata);
    if (missing >= 0) throw ApiError.validation(`items.${missing}.metadata is required for a sign job`);
  }
  return { job: { type, items, organization }, fingerprint: JSON.stringify(parsed.data) };
}
