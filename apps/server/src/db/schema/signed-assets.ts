// Table of the assets the gateway signed; their files live in the asset store. Deleting the account
// that signed one deletes the row.
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { signingIdentities } from './signing-identities.ts';

/** The row's update a timestamp being added intends, and the manifest store to serve with its file (base64). */
export interface TimestampIntent {
  timestampManifestId: string;
  signedAssetHash: string;
  signedBytes: number;
  manifestStore: string;
}

/**
 * Where the asset's trusted timestamp stands: `none` (signed without an authority), `pending` (the
 * authority did not answer at signing: a queued task adds it), `added` (at signing, or later by an
 * update manifest), `failed` (a week of retries gave up).
 */
export const TIMESTAMP_STATES = ['none', 'pending', 'added', 'failed'] as const;

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
  /** Where the asset came from: a URL, an upload, or a transform of another signed asset. */
  source: text('source', { enum: ['url', 'upload', 'transform'] }).notNull(),
  sourceUrl: text('source_url'),
  hasThumbnail: boolean('has_thumbnail').notNull().default(false),
  /** Signed as a sidecar: the stored file is the original, bound by the stored manifest store beside it. */
  sidecar: boolean('sidecar').notNull().default(false),
  /** Why the Content Credentials the asset already carried were invalid when it was signed; null when they were not. */
  parentCredentialsWarning: text('parent_credentials_warning'),
  /** The account's signing identity that signed it; null for assets signed before identities. */
  signingIdentityId: text('signing_identity_id').references(() => signingIdentities.id, { onDelete: 'set null' }),
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  timestampState: text('timestamp_state', { enum: TIMESTAMP_STATES }).notNull().default('none'),
  /** When the timestamp became pending: retries stop a week after it. */
  timestampPendingSince: timestamp('timestamp_pending_since', { withTimezone: true, mode: 'date' }),
  /** Attempts to add it later, and the last one's failure. */
  timestampAttempts: integer('timestamp_attempts').notNull().default(0),
  timestampError: text('timestamp_error'),
  /** When an update manifest added the timestamp, and that manifest's label. */
  timestampedAt: timestamp('timestamped_at', { withTimezone: true, mode: 'date' }),
  timestampManifestId: text('timestamp_manifest_id'),
  /** One copy adds the timestamp at a time: whoever holds this lease (a task, or POST /assets/{id}/timestamp). */
  timestampLeaseUntil: timestamp('timestamp_lease_until', { withTimezone: true, mode: 'date' }),
  /** SHA-256 of the signed file as first served, kept in the asset store as `signed-before-timestamp` once a timestamp replaced it. */
  previousSignedAssetHash: text('previous_signed_asset_hash'),
  /**
   * What a timestamp being added will make the row say, written before the served file is replaced
   * and cleared with the row's update: a copy that died in between leaves it, and the next attempt
   * finishes from it (services/timestamps/asset-timestamps.ts).
   */
  timestampIntent: jsonb('timestamp_intent').$type<TimestampIntent>(),
  createdAt: createdAt(),
}, (table) => [index('signed_assets_user_idx').on(table.userId, table.createdAt), index('signed_assets_hash_idx').on(table.signedAssetHash), index('signed_assets_timestamp_manifest_idx').on(table.timestampManifestId)]);
