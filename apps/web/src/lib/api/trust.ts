// GET /trust: the trust lists the gateway verifies with, each with its anchor certificates. A file
// verified in the browser is judged against exactly these, so both places give the same verdict.
// GET /trust/snapshots/{id}: the lists an earlier answer was made under, whole (evidence archives).
import { queryOptions } from '@tanstack/react-query';
import type { TTrustResponse, TTrustSnapshot } from '@provenance/contracts';
import { apiRequest } from './client';

export const trustKeys = {
  lists: ['trust', 'lists'] as const,
};

export function fetchTrustLists(): Promise<TTrustResponse> {
  return apiRequest<TTrustResponse>('/trust');
}

/** The lists change when the server refreshes them (hours apart): an hour in the cache is plenty. */
export function trustListsQuery() {
  return queryOptions({ queryKey: trustKeys.lists, queryFn: fetchTrustLists, staleTime: 60 * 60_000 });
}

/** The trust snapshot an answer names (verification.evidence.trustSnapshot.id), with its certificates. */
export function fetchTrustSnapshot(id: string): Promise<TTrustSnapshot> {
  return apiRequest<TTrustSnapshot>(`/trust/snapshots/${encodeURIComponent(id)}`);
}
