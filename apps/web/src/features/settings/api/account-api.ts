// Account settings calls of the server (SPEC.md section 2, Settings; DESIGN.md section 9): email,
// password, deletion, API keys and notification preferences, each for the signed-in user only. An
// email change and a deletion send the current password, which the server checks again.
import { queryOptions } from '@tanstack/react-query';
import type {
  TApiKeyListResponse,
  TApiKeyType,
  TChangePasswordRequest,
  TDeleteAccountRequest,
  TNotificationPreferences,
  TRegeneratedApiKeyResponse,
  TUpdateEmailRequest,
  TUser,
  TUserResponse,
} from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export async function updateEmail(input: TUpdateEmailRequest): Promise<TUser> {
  const { user } = await apiRequest<TUserResponse>('/account/email', { method: 'PATCH', json: input });
  return user;
}

export function changePassword(input: TChangePasswordRequest): Promise<void> {
  return apiRequest<void>('/account/password', { method: 'POST', json: input });
}

export function deleteAccount(currentPassword: string): Promise<void> {
  const body: TDeleteAccountRequest = { confirm: true, currentPassword };
  return apiRequest<void>('/account', { method: 'DELETE', json: body });
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
