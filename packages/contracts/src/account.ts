// Account settings contract: email, password, deletion, API keys and notification preferences
// (the Settings screen).
import { z } from '@hono/zod-openapi';
import { newPasswordSchema, organizationNameSchema, rejectNul, ZEmail, ZTimestamp } from './common.ts';

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
  })
  .openapi('ChangePasswordRequest');
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** What a password change did besides the password: every other session signed out, every API key revoked. */
export const ZChangePasswordResponse = z
  .object({
    otherSessionsSignedOut: z.literal(true),
    apiKeysRevoked: z.literal(true).openapi({ description: 'The account’s API keys no longer work; regenerate one for your scripts' }),
    message: z.string(),
  })
  .openapi('ChangePasswordResponse');
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

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

/** A domain name such as reuters.com: lowercase letters, digits and hyphens in dot-separated labels. */
const ZOrganizationDomain = z
  .string({ error: 'domain must be a domain name' })
  .trim()
  .toLowerCase()
  .max(253, 'domain must be at most 253 characters')
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'domain must be a domain name such as example.com')
  .openapi({ example: 'reuters.com' });

/**
 * The organisation the account signs as (its managed signing certificate names it) and, optionally,
 * its domain. A name reads as self-declared until an address at the domain is confirmed; changing
 * the name or the domain drops that verification.
 */
export const ZUpdateOrganizationRequest = z
  .object({
    name: organizationNameSchema('name'),
    domain: ZOrganizationDomain.nullable().optional().openapi({ description: 'The organisation’s domain, at which an address is confirmed to verify the name; null removes it, absent keeps it.' }),
  })
  .openapi('UpdateOrganizationRequest');
export type TUpdateOrganizationRequest = z.infer<typeof ZUpdateOrganizationRequest>;

export const ZOrganizationResponse = z
  .object({
    name: z.string().nullable().openapi({ description: 'The name the account signs under; null until one is set (signing through the managed certificate then answers 409 organization_required: the email is never published in its place)' }),
    isSet: z.boolean().openapi({ description: 'A name is set (name is not null)' }),
    domain: z.string().nullable().openapi({ description: 'The organisation’s domain; null when none is set', example: 'reuters.com' }),
    verified: z.boolean().openapi({ description: 'An address at the domain was confirmed for this name and domain; signatures made while true say so (credentials.organizationVerified)' }),
    verifiedEmail: z.string().nullable().openapi({ description: 'The address whose confirmation verified the name; null while unverified' }),
    verifiedAt: z.string().nullable().openapi({ description: 'When the name was verified (ISO 8601); null while unverified' }),
  })
  .openapi('OrganizationResponse');
export type TOrganizationResponse = z.infer<typeof ZOrganizationResponse>;

/** Asks for a confirmation mail to an address at the organisation's domain. */
export const ZOrganizationConfirmationRequest = z
  .object({ email: rejectNul(ZEmail, 'email').openapi({ example: 'newsroom@reuters.com' }) })
  .openapi('OrganizationConfirmationRequest');
export type TOrganizationConfirmationRequest = z.infer<typeof ZOrganizationConfirmationRequest>;

export const ZOrganizationConfirmationSent = z
  .object({
    sentTo: z.string().openapi({ example: 'newsroom@reuters.com' }),
    expiresAt: z.string().openapi({ description: 'When the link in the mail stops working (ISO 8601)' }),
  })
  .openapi('OrganizationConfirmationSent');
export type TOrganizationConfirmationSent = z.infer<typeof ZOrganizationConfirmationSent>;

/** The token from the confirmation mail's link; single use. */
export const ZConfirmOrganizationRequest = z
  .object({ token: rejectNul(z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token must be at most 200 characters'), 'token') })
  .openapi('ConfirmOrganizationRequest');
export type TConfirmOrganizationRequest = z.infer<typeof ZConfirmOrganizationRequest>;
