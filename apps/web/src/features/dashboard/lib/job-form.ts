// The Batch jobs form as data: the pasted addresses (one per line) turned into the job's items and
// checked with the contract's own item schema, line by line, so a mistake is said with its line
// number before anything is sent; the server's 400 mapped to a line when it names an item; and the
// words a job's status and progress are shown in. Pure, so it is unit-tested.
import type { TCreateJobRequest, TJob, TJobItemRequest, TJobType } from '@provenance/contracts';
import { contractSchemas, type ContractSchemas } from '@/lib/api/contract-schemas';

/** The most items one job may hold. Mirrors MAX_JOB_ITEMS of @provenance/contracts without its runtime. */
export const MAX_JOB_ITEMS = 10_000;

export interface JobFormValues {
  type: TJobType;
  urls: string;
  creator: string;
  /** The name to sign under, asked while the account has none (a sign job then sets it). */
  organization: string;
}

export const EMPTY_JOB_FORM: JobFormValues = { type: 'verify', urls: '', creator: '', organization: '' };

export type JobFieldErrors = Partial<Record<'urls' | 'creator' | 'organization', string>>;

export type JobFormResult = { ok: true; request: TCreateJobRequest } | { ok: false; errors: JobFieldErrors };

/** The non-blank lines, with the line number each had in the field (1-based), for messages. */
function numberedLines(text: string): { line: number; value: string }[] {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, value: value.trim() }))
    .filter((entry) => entry.value !== '');
}

/** The first problem of the address list, worded at the line it is on, or null when all is well. */
function urlsError(lines: { line: number; value: string }[], { ZJobItemRequest }: ContractSchemas): string | null {
  if (lines.length === 0) return 'Paste at least one address, one per line.';
  if (lines.length > MAX_JOB_ITEMS) return `A job holds at most ${MAX_JOB_ITEMS.toLocaleString('en-US')} addresses; this list has ${lines.length.toLocaleString('en-US')}.`;
  for (const { line, value } of lines) {
    const parsed = ZJobItemRequest.safeParse({ assetUrl: value });
    if (!parsed.success || !/^https?:\/\//i.test(value)) return `Line ${line}: “${shorten(value)}” is not an http or https address.`;
  }
  return null;
}

function shorten(value: string, max = 60): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** The request the form sends, or what to fix, said at the field to fix; a sign job carries the name to sign under while the form asks it (`asksOrganization`). */
export async function buildJobRequest(values: JobFormValues, asksOrganization = false): Promise<JobFormResult> {
  const lines = numberedLines(values.urls);
  const errors: JobFieldErrors = {};
  const urls = urlsError(lines, await contractSchemas());
  if (urls) errors.urls = urls;
  const creator = values.creator.trim();
  if (values.type === 'sign' && creator === '') errors.creator = "Give the creator's name: every file signed in this job names them.";
  const organization = values.organization.trim();
  const namesOrganization = values.type === 'sign' && asksOrganization;
  if (namesOrganization && organization === '') errors.organization = 'Give the name to sign under.';
  if (errors.urls || errors.creator || errors.organization) return { ok: false, errors };
  const items: TJobItemRequest[] = lines.map(({ value }) => (values.type === 'sign' ? { assetUrl: value, metadata: { creator } } : { assetUrl: value }));
  return { ok: true, request: { type: values.type, items, ...(namesOrganization && { organization }) } };
}

/** A refusal that names an item: `items.3: …` or `items.3.assetUrl: …` (the item's index, its words). */
const ITEM_REFUSAL = /^items\.(\d+)(?:\.[\w.]+)?:\s*(.+)$/s;

/**
 * The server's refusal, worded at the line it concerns when it names an item (`items.3: …` is the
 * fourth non-blank line, counted as the field shows lines, blanks included).
 */
export function describeJobRefusal(message: string, urls: string): string {
  const match = ITEM_REFUSAL.exec(message);
  if (!match) return message;
  const index = Number(match[1]);
  const line = numberedLines(urls)[index]?.line ?? index + 1;
  return `Line ${line}: ${match[2]}`;
}

/** The refusal without the item it names, for what every item shares (the creator's name). */
export function withoutItem(message: string): string {
  return ITEM_REFUSAL.exec(message)?.[2] ?? message;
}

export const JOB_TYPE_LABEL: Record<TJobType, string> = { verify: 'Verification', sign: 'Signing' };

/** A job's status in plain words: what it means for the person waiting on it. */
export function jobStatusText(job: Pick<TJob, 'status' | 'failed'>): string {
  switch (job.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return 'Running';
    case 'completed':
      return job.failed > 0 ? 'Finished, some items could not be processed' : 'Finished';
    case 'failed':
      return 'Failed: no item could be processed';
  }
}

/** How far a job has got, as the progress bar says it: finished items (done or failed) of all. */
export function jobProgressText(job: Pick<TJob, 'done' | 'failed' | 'total'>): string {
  return `${job.done} of ${job.total} done, ${job.failed} failed`;
}

/** Whether there is anything to download: an item has finished, whatever its outcome. */
export function hasJobResults(job: Pick<TJob, 'done' | 'failed'>): boolean {
  return job.done + job.failed > 0;
}
