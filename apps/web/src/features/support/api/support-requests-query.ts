// The signed-in user's support requests: GET /support-requests, newest first as the server sends
// them. Only asked for with a session; the key carries the user so accounts never share a cache.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSupportRequestListResponse } from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export const supportRequestsKey = (userId: string) => ['support-requests', userId] as const;

export function supportRequestsQuery(userId: string) {
  return queryOptions({
    queryKey: supportRequestsKey(userId),
    queryFn: () => apiRequest<TSupportRequestListResponse>('/support-requests'),
  });
}

export function useSupportRequests(userId: string | undefined) {
  return useQuery({ ...supportRequestsQuery(userId ?? ''), enabled: Boolean(userId) });
}
