// Account settings calls of the server (SPEC.md section 2, Settings; DESIGN.md section 9): email,
// password, deletion, API keys and notification preferences, each for the signed-in user only.
import { queryOptions } from '@tanstack/react-query';
import type {
  TApiKeyListResponse,
  TApiKeyType,
  TChangePasswordRequest,
  TNotificationPreferences,
  TRegeneratedApiKeyResponse,
  TUser,
  TUserResponse,
} from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export async function updateEmail(email: string): Promise<TUser> {
  const { user } = await apiRequest<TUserResponse>('/account/email', { method: 'PATCH', json: { email } });
  return user;
}

export function changePassword(input: TChangePasswordRequest): Promise<void> {
  return apiRequest<void>('/account/password', { method: 'POST', json: input });
}

export function deleteAccount(): Promise<void> {
  return apiRequest<void>('/account', { method: 'DELETE', json: { confirm: true } });
}

export async function regenerateApiKey(type: TApiKeyType): Promise<TRegeneratedApiKeyResponse['key']> {
  const { key } = await apiRequest<TRegeneratedApiKeyResponse>(`/account/api-keys/${type}/regenerate`, { method: 'POST' });
  return key;
}

export function saveNotificationPreferences(preferences: TNotificationPreferences): Promise<TNotificationPreferences> {
  return apiRequest<TNotificationPreferences>('/account/notifications', { method: 'PUT', json: preferences });
}

/** Query keys carry the user ID so one account never sees another's cached keys or preferences. */
export const settingsKeys = {
  apiKeys: (userId: string) => ['account', userId, 'api-keys'] as const,
  notifications: (userId: string) => ['account', userId, 'notifications'] as const,
};

export function apiKeysQuery(userId: string) {
  return queryOptions({
    queryKey: settingsKeys.apiKeys(userId),
    queryFn: async ({ signal }) => (await apiRequest<TApiKeyListResponse>('/account/api-keys', { signal })).keys,
  });
}

export function notificationPreferencesQuery(userId: string) {
  return queryOptions({
    queryKey: settingsKeys.notifications(userId),
    queryFn: ({ signal }) => apiRequest<TNotificationPreferences>('/account/notifications', { signal }),
  });
}
