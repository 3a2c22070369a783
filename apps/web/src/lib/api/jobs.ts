// /jobs: the signed-in account's batch jobs (many verifications or signings of assets named by URL,
// run by the server's queue), starting one, and its results as NDJSON. Answers are parsed with the
// contract's schemas (loaded beside the request, contract-schemas.ts), so a server that drifts from
// the contract fails here, loudly, not in a screen.
// The list polls while any job is still queued or running and stops once all have finished. Keys
// carry the user ID so one account never sees another's cached jobs.
import { queryOptions } from '@tanstack/react-query';
import type { TCreateJobRequest, TJob, TJobAccepted } from '@provenance/contracts';
import { sessionStore } from '@/lib/auth/session';
import { ApiError, apiRequest, apiUrl } from './client';
import { parsedWith } from './contract-schemas';

/** How often the list is asked again while a job is still at work. */
export const JOB_POLL_INTERVAL_MS = 1_000;

export const jobKeys = {
  all: (userId: string) => ['jobs', userId] as const,
  list: (userId: string) => ['jobs', userId, 'list'] as const,
};

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
