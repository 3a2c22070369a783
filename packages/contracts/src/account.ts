// Account settings contract: email, password, deletion, API keys and notification preferences
// (the Settings screen).
import { z } from '@hono/zod-openapi';
import { newPasswordSchema, ZEmail, ZTimestamp } from './common.ts';

/** The account's password, asked again before changes an attacker holding a session must not make. */
const ZCurrentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(128, 'Current password must be at most 128 characters');

export const ZUpdateEmailRequest = z.object({ email: ZEmail, currentPassword: ZCurrentPassword }).openapi('UpdateEmailRequest');
export type TUpdateEmailRequest = z.infer<typeof ZUpdateEmailRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: ZCurrentPassword,
    newPassword: newPasswordSchema('New password'),
    revokeApiKeys: z
      .boolean({ error: 'revokeApiKeys must be true or false' })
      .optional()
      .openapi({ description: 'Also revoke the account’s API keys (other sessions are always signed out)' }),
  })
  .openapi('ChangePasswordRequest');
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZDeleteAccountRequest = z
  .object({
    confirm: z.literal(true, { error: 'Confirm must be true to delete the account' }),
    currentPassword: ZCurrentPassword,
  })
  .openapi('DeleteAccountRequest');
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

export const ZApiKeyType = z.enum(['production', 'test']).openapi('ApiKeyType');
export type TApiKeyType = z.infer<typeof ZApiKeyType>;

/** The prefix each key type carries, so a key's kind is visible at a glance. */
export const API_KEY_PREFIXES = { production: 'pg_live_', test: 'pg_test_' } as const satisfies Record<TApiKeyType, string>;

export const ZApiKey = z
  .object({
    type: ZApiKeyType,
    prefix: z.enum(['pg_live_', 'pg_test_']),
    masked: z.string().openapi({ example: 'pg_live_••••••••a1b2' }),
    createdAt: ZTimestamp,
  })
  .openapi('ApiKey');
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyListResponse = z.object({ keys: z.array(ZApiKey) }).openapi('ApiKeyListResponse');
export type TApiKeyListResponse = z.infer<typeof ZApiKeyListResponse>;

export const ZApiKeyTypeParam = z.object({
  type: z
    .enum(['production', 'test'], { error: 'Type must be production or test' })
    .openapi({ param: { name: 'type', in: 'path' }, example: 'production' }),
});

export const ZRegeneratedApiKeyResponse = z
  .object({
    key: ZApiKey.extend({ secret: z.string().openapi({ description: 'The full key; shown only in this response' }) }),
  })
  .openapi('RegeneratedApiKeyResponse');
export type TRegeneratedApiKeyResponse = z.infer<typeof ZRegeneratedApiKeyResponse>;

export const ZNotificationPreferences = z
  .object({
    verificationAlerts: z.boolean({ error: 'verificationAlerts must be true or false' }),
    weeklyReports: z.boolean({ error: 'weeklyReports must be true or false' }),
    productUpdates: z.boolean({ error: 'productUpdates must be true or false' }),
  })
  .openapi('NotificationPreferences');
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** The organisation the account signs as (its managed signing certificate names it). */
export const ZUpdateOrganizationRequest = z
  .object({ name: z.string({ error: 'Organisation name is required' }).trim().min(1, 'Organisation name is required').max(200, 'Organisation name must be at most 200 characters') })
  .openapi('UpdateOrganizationRequest');
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

export const ZOrganizationResponse = z
  .object({
    /** The name set, or the account's email while none is. */
    name: z.string(),
    isSet: z.boolean(),
  })
  .openapi('OrganizationResponse');
export type TOrganizationResponse = z.infer<typeof ZOrganizationResponse>;
