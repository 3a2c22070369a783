// /account/notifications: the signed-in user's notification preferences, read and saved. The key
// carries the user ID so one account never sees another's cached preferences.
import { queryOptions } from '@tanstack/react-query';
import type { TNotificationPreferences } from '@provenance/contracts';
import { apiRequest } from './client';

export const notificationPreferenceKeys = {
  preferences: (userId: string) => ['account', userId, 'notifications'] as const,
};

export function notificationPreferencesQuery(userId: string) {
  return queryOptions({
    queryKey: notificationPreferenceKeys.preferences(userId),
    queryFn: ({ signal }) => apiRequest<TNotificationPreferences>('/account/notifications', { signal }),
  });
}

export function saveNotificationPreferences(preferences: TNotificationPreferences): Promise<TNotificationPreferences> {
  return apiRequest<TNotificationPreferences>('/account/notifications', { method: 'PUT', json: preferences });
}
