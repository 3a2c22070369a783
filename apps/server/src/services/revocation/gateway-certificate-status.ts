// Database access for the gateway's own certificate records (GatewayCertificateStatus): whether a
// certificate its intermediate issued is good or revoked, by serial number. Empty today; revoking a
// managed identity will write here, and verifications answer from it without an OCSP fetch.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewayCertificates } from '../../db/schema/index.ts';

export interface CertificateRecord {
  status: 'good' | 'revoked';
  revokedAt: Date | null;
}

export interface GatewayCertificateStatus {
  /** The record of a certificate the gateway issued; good when it has none. */
  statusOf(serialNumber: string): Promise<CertificateRecord>;
  /** The records of these serial numbers, in their order, in one query (an OCSP request's certificates). */
  statusesOf(serialNumbers: readonly string[]): Promise<CertificateRecord[]>;
  /** Records a certificate as revoked at `at`. */
  revoke(serialNumber: string, at: Date): Promise<void>;
}

export function createGatewayCertificateStatus(db: Db): GatewayCertificateStatus {
  const table = gatewayCertificates;
  return {
    async statusOf(serialNumber) {
      const [row] = await db.select({ status: table.status, revokedAt: table.revokedAt }).from(table).where(eq(table.serialNumber, serialNumber.toLowerCase())).limit(1);
      return row ?? { status: 'good', revokedAt: null };
    },
    async statusesOf(serialNumbers) {
      const wanted = serialNumbers.map((serialNumber) => serialNumber.toLowerCase());
      if (wanted.length === 0) return [];
      const rows = await db.select({ serialNumber: table.serialNumber, status: table.status, revokedAt: table.revokedAt }).from(table).where(inArray(table.serialNumber, [...new Set(wanted)]));
      const bySerial = new Map(rows.map((row) => [row.serialNumber, { status: row.status, revokedAt: row.revokedAt }]));
      return wanted.map((serialNumber) => bySerial.get(serialNumber) ?? { status: 'good', revokedAt: null });
    },
    async revoke(serialNumber, at) {
      const values = { serialNumber: serialNumber.toLowerCase(), status: 'revoked' as const, revokedAt: at, updatedAt: new Date() };
      await db.insert(table).values(values).onConflictDoUpdate({ target: table.serialNumber, set: { status: values.status, revokedAt: at, updatedAt: values.updatedAt } });
    },
  };
}
