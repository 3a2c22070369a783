// Tables of who signs for an account: its organisation profile (and the confirmations that verify
// its name by an address at its domain), its signing identities (a managed
// certificate the gateway issued, or a certificate and key the account brought) with their private
// keys sealed under the key-encryption key, and the check value that tells at start whether the
// configured key-encryption key is the one the stored keys were sealed with.
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

export const organizationProfiles = pgTable('organization_profiles', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The organisation's domain (lowercase), at which an address is confirmed to verify the name. */
  domain: text('domain'),
  /** Set when an address at the domain confirmed this name and domain; cleared when either changes. */
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  verifiedEmail: text('verified_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A confirmation mail sent to an address at the organisation's domain: the SHA-256 of its token
 * (never the token), the name and domain it confirms, until when, and when it was used (once).
 */
export const organizationConfirmations = pgTable('organization_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  domain: text('domain').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (table) => [index('organization_confirmations_user_idx').on(table.userId, table.createdAt)]);

export const signingIdentities = pgTable('signing_identities', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['managed', 'certificate', 'remote'] }).notNull(),
  active: boolean('active').notNull().default(false),
  /** The organisation a managed certificate names; a new name means a new certificate. */
  organization: text('organization'),
  /** A managed certificate issued while that name was verified (it carries the organisation-verified policy). */
  organizationVerified: boolean('organization_verified').notNull().default(false),
  /** The domain where it was verified, which such a certificate names. */
  organizationDomain: text('organization_domain'),
  /** PEM, leaf first, without the root. */
  certificateChain: text('certificate_chain').notNull(),
  /** The PKCS#8 PEM sealed by the key vault (services/signing-identities/key-vault.ts); never returned. */
  sealedPrivateKey: text('sealed_private_key'),
  /** Lowercase hex. */
  serialNumber: text('serial_number').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  notAfter: timestamp('not_after', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (table) => [index('signing_identities_user_idx').on(table.userId, table.active)]);

/** One row: a known text sealed under the key-encryption key when the first key was sealed. */
export const keyEncryptionChecks = pgTable('key_encryption_checks', {
  id: text('id').primaryKey(),
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});
