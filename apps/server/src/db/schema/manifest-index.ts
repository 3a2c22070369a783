// The manifest repository's index: for each signed asset, the hashes a copy of it may have (the asset
// as given, as signed, and re-derived: the signed file with its manifest removed) and its soft
// binding (the ISCC Image-Code), split into four 16-bit bands so that a near match is found by an
// exact match on any band (indexed) before its Hamming distance is counted, never by a scan.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { signedAssets } from './signed-assets.ts';

export const manifestIndex = pgTable('manifest_index', {
  signedAssetId: text('signed_asset_id').primaryKey().references(() => signedAssets.id, { onDelete: 'cascade' }),
  manifestId: text('manifest_id').notNull(),
  /** SHA-256 (hex) of the asset as given, as signed, and without its embedded manifest (null: format not re-derived). */
  assetHash: text('asset_hash').notNull(),
  signedHash: text('signed_hash').notNull(),
  rederivedHash: text('rederived_hash'),
  /** Soft-binding algorithm (io.iscc.v0) and its 64-bit value (hex); null when none was computed. */
  softBindingAlg: text('soft_binding_alg'),
  fingerprint: text('fingerprint'),
  /** What the fingerprint covers: the image, or a video's poster frame. */
  fingerprintCovers: text('fingerprint_covers', { enum: ['image', 'poster-frame'] }),
  band0: integer('band0'),
  band1: integer('band1'),
  band2: integer('band2'),
  band3: integer('band3'),
  /**
   * When the signing happened, to rank signings of the same content (recovery credits the earliest):
   * the time the manifest claims, and the time its trusted RFC 3161 timestamp attests (null: none, or
   * not trusted). Null claimed time: indexed before these columns existed; created_at stands in.
   */
  signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
  trustedTimestampAt: timestamp('trusted_timestamp_at', { withTimezone: true, mode: 'date' }),
  /** The organisation the signing's credentials name (its certificate's O), shown beside each candidate. */
  organization: text('organization'),
  createdAt: createdAt(),
}, (table) => [
  index('manifest_index_asset_hash_idx').on(table.assetHash),
  index('manifest_index_signed_hash_idx').on(table.signedHash),
  index('manifest_index_rederived_hash_idx').on(table.rederivedHash),
  index('manifest_index_band0_idx').on(table.band0),
  index('manifest_index_band1_idx').on(table.band1),
  index('manifest_index_band2_idx').on(table.band2),
  index('manifest_index_band3_idx').on(table.band3),
]);
