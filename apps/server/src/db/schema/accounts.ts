// Tables of user accounts. users, sessions, accounts and verifications are the ones better-auth's
// drizzle adapter reads and writes; refresh tokens, API keys and notification preferences belong to
// the product. Every row that belongs to a user references it with ON DELETE CASCADE, so deleting an
// account deletes its data.
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [index('users_demo_created_idx').on(table.isDemo, table.createdAt)]);

/** better-auth sessions: the access token is this row's token, signed with the server secret. */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  token: text('token').notNull().unique(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [index('sessions_user_idx').on(table.userId)]);

/** better-auth credential accounts: the scrypt password hash lives here. */
export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  providerId: text('provider_id').notNull(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token'),
  idToken: text('id_token'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
  refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
  scope: text('scope'),
  password: text('password'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [index('accounts_user_idx').on(table.userId)]);

/** better-auth's short-lived verification values, looked up by identifier. */
export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Refresh tokens of product sessions, stored as SHA-256 hashes. Each belongs to one better-auth
 * session; deleting the session (sign-out, rotation, account deletion) deletes the refresh token.
 */
export const refreshTokens = pgTable('refresh_tokens', {
  id: text('id').primaryKey().$defaultFn(() => crypto.randomUUID()),
  tokenHash: text('token_hash').notNull().unique(),
  sessionId: text('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
}, (table) => [index('refresh_tokens_session_idx').on(table.sessionId)]);

export const apiKeyType = pgEnum('api_key_type', ['production', 'test']);

/** One live key per account and type; regenerating replaces the row, which revokes the old key. */
export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey().$defaultFn(() => crypto.randomUUID()),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  type: apiKeyType('type').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  lastFour: text('last_four').notNull(),
  createdAt: createdAt(),
}, (table) => [uniqueIndex('api_keys_user_type_idx').on(table.userId, table.type)]);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  verificationAlerts: boolean('verification_alerts').notNull().default(true),
  weeklyReports: boolean('weekly_reports').notNull().default(true),
  productUpdates: boolean('product_updates').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Sign-ups waiting for their address to be confirmed: nothing is an account until its link is
 * followed. The token is stored as its SHA-256; the password as the scrypt hash the account will
 * get, so the account has the password of the sign-up whose link was followed (not whichever
 * sign-up of that address came first or last).
 */
export const signUpConfirmations = pgTable('sign_up_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (table) => [index('sign_up_confirmations_expires_idx').on(table.expiresAt)]);
