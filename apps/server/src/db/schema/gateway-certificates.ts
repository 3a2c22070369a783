// The revocation status of certificates this gateway issued (its local PKI), by serial number: the
// gateway answers for its own certificates from here, without asking any OCSP responder. A
// certificate of its intermediate without a row is good; nothing is revoked yet.
import { pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

export const gatewayCertificateStatus = pgEnum('gateway_certificate_status', ['good', 'revoked']);

export const gatewayCertificates = pgTable('gateway_certificates', {
  /** Serial number in lowercase hex, as the engine reports a signing credential's. */
  serialNumber: text('serial_number').primaryKey(),
  status: gatewayCertificateStatus('status').notNull(),
  /** The account a managed signing certificate was issued to; null for the gateway's own signer. */
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
