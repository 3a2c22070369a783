// /jobs: the signed-in account's batch jobs (many verifications or signings of assets named by URL,
// run by the server's queue), starting one, a page of a job's items with their verdicts and reasons,
// one item's report, and its results as NDJSON. Answers are parsed with the
// contract's schemas (loaded beside the request, contract-schemas.ts), so a server that drifts from
// the contract fails here, loudly, not in a screen.
// The list polls while any job is still queued or running and stops once all have finished. Keys
// carry the user ID so one account never sees another's cached jobs.
import { queryOptions } from '@tanstack/react-query';
import type { TCreateJobRequest, TJob, TJobAccepted, TJobItemPage, TJobItemReport } from '@provenance/contracts';
import { sessionStore } from '@/lib/auth/session';
import { ApiError, apiRequest, apiUrl } from './client';
import { parsedWith } from './contract-schemas';

/** How often the list is asked again while a job is still at work. */
export const JOB_POLL_INTERVAL_MS = 1_000;

export const jobKeys = {
  all: (userId: string) => ['jobs', userId] as const,
  list: (userId: string) => ['jobs', userId, 'list'] as const,
  items: (userId: string, jobId: string, from: number) => ['jobs', userId, jobId, 'items', from] as const,
  item: (userId: string, jobId: string, index: number) => ['jobs', userId, jobId, 'item', index] as const,
};

/** Items one page of a job's results shows. */
export const JOB_ITEMS_PAGE_SIZE = 50;

/** Whether the job may still change (its counts grow until it has finished). */
export function isJobActive(job: Pick<TJob, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

export async function fetchJobs(signal?: AbortSignal): Promise<TJob[]> {
  return (await parsedWith((c) => c.ZJobList, apiRequest<unknown>('/jobs', { signal }))).jobs;
}

export function jobsQuery(userId: string) {
  return queryOptions({
    queryKey: jobKeys.list(userId),
    queryFn: ({ signal }) => fetchJobs(signal),
    refetchInterval: (query) => (query.state.data?.some(isJobActive) ? JOB_POLL_INTERVAL_MS : false),
  });
}

/** A page of the job's items from index `from`, each with its verdict and reason, or its error. */
export function fetchJobItems(jobId: string, from: number, signal?: AbortSignal): Promise<TJobItemPage> {
  return parsedWith((c) => c.ZJobItemPage, apiRequest<unknown>(`/jobs/${encodeURIComponent(jobId)}/items?from=${from}&limit=${JOB_ITEMS_PAGE_SIZE}`, { signal }));
}

/** The page polls while its job is still at work, as the list does. */
export function jobItemsQuery(userId: string, jobId: string, from: number) {
  return queryOptions({
    queryKey: jobKeys.items(userId, jobId, from),
    queryFn: ({ signal }) => fetchJobItems(jobId, from, signal),
    refetchInterval: (query) => (query.state.data && isJobActive(query.state.data.job) ? JOB_POLL_INTERVAL_MS : false),
  });
}

/** One item with its whole verification, for its report page. */
export function jobItemReportQuery(userId: string, jobId: string, index: number) {
  return queryOptions({
    queryKey: jobKeys.item(userId, jobId, index),
    queryFn: ({ signal }): Promise<TJobItemReport> =>
      parsedWith((c) => c.ZJobItemReport, apiRequest<unknown>(`/jobs/${encodeURIComponent(jobId)}/items/${index}`, { signal })),
    // Found once the item has finished; until then it is asked again.
    refetchInterval: (query) => (query.state.data?.item.status === 'queued' ? JOB_POLL_INTERVAL_MS : false),
  });
}

/** Where the app shows a job's results, and one item's report. */
export const jobResultsPath = (jobId: string): string => `/jobs/${encodeURIComponent(jobId)}`;
export const jobItemReportPath = (jobId: string, index: number): string => `/jobs/${encodeURIComponent(jobId)}/items/${index}`;

/** POST /jobs: accepted at once (202); the job then runs on the server's queue. */
export function createJob(input: TCreateJobRequest): Promise<TJobAccepted> {
  return parsedWith((c) => c.ZJobAccepted, apiRequest<unknown>('/jobs', { method: 'POST', json: input }));
}

/**
 * The results so far as NDJSON (one line per finished item). The endpoint needs the account's
 * token, which a plain link cannot send, so the bytes are fetched here and saved by the caller.
 */
export async function fetchJobResults(jobId: string): Promise<Blob> {
  const token = await sessionStore.getAccessToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(`/jobs/${encodeURIComponent(jobId)}/results`), {
      headers: { Accept: 'application/x-ndjson', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
    const message = typeof body?.error?.message === 'string' ? body.error.message : `The server answered ${response.status}`;
    throw new ApiError(response.status, typeof body?.error?.code === 'string' ? body.error.code : 'http_error', message);
  }
  return new Blob([await response.arrayBuffer()], { type: 'application/x-ndjson' });
}
