// Drizzle schema of the gateway's own data: the assets it signed (their files live in the asset
// store), every verification it performed, and tracked badge and report events. Rows that belong to
// an account reference it with ON DELETE CASCADE, so deleting an account deletes its data too.
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const signedAssets = pgTable('signed_assets', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Active manifest label of the signed file, e.g. urn:c2pa:<uuid>. */
  manifestId: text('manifest_id').notNull().unique(),
  title: text('title'),
  mime: text('mime').notNull(),
  originalBytes: bigint('original_bytes', { mode: 'number' }).notNull(),
  signedBytes: bigint('signed_bytes', { mode: 'number' }).notNull(),
  /** SHA-256 (hex) of the asset as it was given, and of the signed file. */
  assetHash: text('asset_hash').notNull(),
  signedAssetHash: text('signed_asset_hash').notNull(),
  source: text('source', { enum: ['url', 'upload'] }).notNull(),
  sourceUrl: text('source_url'),
  hasThumbnail: boolean('has_thumbnail').notNull().default(false),
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
}, (table) => [index('signed_assets_user_idx').on(table.userId, table.createdAt), index('signed_assets_hash_idx').on(table.signedAssetHash)]);

export const verificationEvents = pgTable('verification_events', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  status: text('status', { enum: ['verified', 'partial', 'invalid', 'unsigned'] }).notNull(),
  reason: text('reason').notNull(),
  geoLocation: text('geo_location'),
  source: text('source', { enum: ['url', 'upload', 'manifest'] }).notNull(),
  manifestId: text('manifest_id'),
  assetHash: text('asset_hash'),
  /** The account whose signed asset was verified, when it is one of ours. */
  ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  signedAssetId: text('signed_asset_id').references(() => signedAssets.id, { onDelete: 'set null' }),
  /** The account that asked, when it used a session or an API key. */
  callerUserId: text('caller_user_id').references(() => users.id, { onDelete: 'set null' }),
}, (table) => [
  index('verification_events_owner_idx').on(table.ownerUserId, table.createdAt),
  index('verification_events_caller_idx').on(table.callerUserId, table.createdAt),
  index('verification_events_asset_idx').on(table.signedAssetId),
  // Tracked events of an asset we did not sign count its verifications by manifest ID.
  index('verification_events_manifest_idx').on(table.manifestId),
]);

export const analyticsEvents = pgTable('analytics_events', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  eventType: text('event_type').notNull(),
  /** What the caller named: a manifest ID or a signed asset ID. */
  assetRef: text('asset_ref').notNull(),
  signedAssetId: text('signed_asset_id').references(() => signedAssets.id, { onDelete: 'cascade' }),
  ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  userAgent: text('user_agent'),
  geo: text('geo'),
}, (table) => [index('analytics_events_ref_idx').on(table.assetRef, table.eventType), index('analytics_events_owner_idx').on(table.ownerUserId, table.createdAt)]);
