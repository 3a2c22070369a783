// Table of tracked badge and report events (views, clicks) of signed assets and manifests.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { signedAssets } from './signed-assets.ts';

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
