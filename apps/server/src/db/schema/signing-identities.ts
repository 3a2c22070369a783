// Tables of who signs for an account: its organisation profile, its signing identities (a managed
// certificate the gateway issued, or a certificate and key the account brought) with their private
// keys sealed under the key-encryption key, and the check value that tells at start whether the
// configured key-encryption key is the one the stored keys were sealed with.
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

export const organizationProfiles = pgTable('organization_profiles', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const signingIdentities = pgTable('signing_identities', {
  id: text('id').primaryKey(),
  userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['managed', 'certificate', 'remote'] }).notNull(),
  active: boolean('active').notNull().default(false),
  /** The organisation a managed certificate names; a new name means a new certificate. */
  organization: text('organization'),
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
