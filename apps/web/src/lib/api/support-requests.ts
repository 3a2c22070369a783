// /support-requests: POST stores a message to support (a signed-in user's is attached to their
// account through the bearer token); GET lists the signed-in user's requests, newest first as the
// server sends them. The key carries the user ID so accounts never share a cache.
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { TCreateSupportRequest, TSupportRequestListResponse, TSupportRequestReceipt } from '@provenance/contracts';
import { apiRequest } from './client';

export const supportRequestKeys = {
  create: ['support-requests', 'create'] as const,
  list: (userId: string) => ['support-requests', userId] as const,
};

export function createSupportRequest(input: TCreateSupportRequest): Promise<TSupportRequestReceipt> {
  return apiRequest<TSupportRequestReceipt>('/support-requests', { json: input });
}

export const createSupportRequestMutation = mutationOptions({ mutationKey: supportRequestKeys.create, mutationFn: createSupportRequest });

/** Only asked for with a session: without a user ID the query stays disabled. */
export function supportRequestsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: supportRequestKeys.list(userId ?? ''),
    queryFn: () => apiRequest<TSupportRequestListResponse>('/support-requests'),
    enabled: Boolean(userId),
  });
}
