// /account/api-keys: the signed-in user's API keys (masked) and regenerating one. The key carries
// the user ID so one account never sees another's cached keys.
import { queryOptions } from '@tanstack/react-query';
import type { TApiKeyListResponse, TApiKeyType, TRegeneratedApiKeyResponse } from '@provenance/contracts';
import { apiRequest } from './client';

export const apiKeyKeys = {
  list: (userId: string) => ['account', userId, 'api-keys'] as const,
};

export function apiKeysQuery(userId: string) {
  return queryOptions({
    queryKey: apiKeyKeys.list(userId),
    queryFn: async ({ signal }) => (await apiRequest<TApiKeyListResponse>('/account/api-keys', { signal })).keys,
  });
}

export async function regenerateApiKey(type: TApiKeyType): Promise<TRegeneratedApiKeyResponse['key']> {
  const { key } = await apiRequest<TRegeneratedApiKeyResponse>(`/account/api-keys/${type}/regenerate`, { method: 'POST' });
  return key;
}
