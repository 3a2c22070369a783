// Table of every verification the gateway performed. The asset owner's row cascades with the owner's
// account; the caller's and the signed asset's references are cleared instead, because the event
// still counts for the owner.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { signedAssets } from './signed-assets.ts';

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
  /** A file without credentials matched in the manifest repository: how, how closely (0-100), and which manifest. */
  recoveryMethod: text('recovery_method', { enum: ['exact-hash', 'fingerprint'] }),
  recoverySimilarity: integer('recovery_similarity'),
  recoveredManifestId: text('recovered_manifest_id'),
  /** The site whose page asked (a badge's page origin), when one said so. */
  referrer: text('referrer'),
  /** The URL verified (a URL verification's, or the media a badge was shown with), without its query or fragment, which may hold someone's access token. */
  assetUrl: text('asset_url'),
  /** Who vouched for the signer, in the report's words (its trust label), and the organisation the credentials named: what was found. */
  trustLabel: text('trust_label'),
  organization: text('organization'),
  /** The batch-job item that ran it (its job's account is the caller): its report is the item's stored result. No reference: a job removed leaves the event. */
  jobId: text('job_id'),
  jobItemIndex: integer('job_item_index'),
  /** A badge's media check (manifest and the media shown with it): mismatch and unchecked are not verifications of the manifest. */
  mediaCheck: text('media_check', { enum: ['matches', 'mismatch', 'unchecked'] }),
}, (table) => [
  index('verification_events_owner_idx').on(table.ownerUserId, table.createdAt),
  index('verification_events_caller_idx').on(table.callerUserId, table.createdAt),
  index('verification_events_asset_idx').on(table.signedAssetId),
  // Tracked events of an asset we did not sign count its verifications by manifest ID.
  index('verification_events_manifest_idx').on(table.manifestId),
]);
