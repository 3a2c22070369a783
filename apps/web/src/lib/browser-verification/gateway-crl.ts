// Revocation of a signer, checked in the browser against the gateway's CRL (parsed with
// @peculiar/asn1-x509): a certificate the gateway's CA issued is looked up by serial number and
// answered good or revoked (with its time), as the gateway's own records answer it; any other
// signer is said plainly not to have been checked, as the browser asks no OCSP responder.
import { AsnConvert } from '@peculiar/asn1-schema';
import { CertificateList } from '@peculiar/asn1-x509';
import type { CertificateDetails, RevocationCheck } from '@provenance/engine/report';

/** The parts of a CRL this check reads. */
export interface GatewayCrl {
  /** The values of the issuer's name attributes (CN, O…), sorted. */
  issuerValues: string[];
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** Serial number (lowercase hex, no leading zeros) to revocation time. */
  revoked: Map<string, Date>;
}

export class CrlFormatError extends Error {}

/** Lowercase hex without leading zeros: DER pads a serial whose top bit is set, crJSON may not. */
const normalSerial = (hex: string): string => hex.toLowerCase().replace(/^0+(?=.)/, '');
const hexOf = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export function parseGatewayCrl(der: Uint8Array): GatewayCrl {
  let list: CertificateList;
  try {
    list = AsnConvert.parse(der, CertificateList);
  } catch (cause) {
    throw new CrlFormatError(`The gateway's CRL could not be read: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  const tbs = list.tbsCertList;
  const revoked = new Map<string, Date>();
  for (const entry of tbs.revokedCertificates ?? []) revoked.set(normalSerial(hexOf(entry.userCertificate)), entry.revocationDate.getTime());
  return {
    issuerValues: tbs.issuer.flatMap((rdn) => rdn.map((attribute) => attribute.value.toString())).sort(),
    thisUpdate: tbs.thisUpdate.getTime(),
    nextUpdate: tbs.nextUpdate?.getTime() ?? null,
    revoked,
  };
}

/**
 * The signer's revocation as this CRL answers it, or null when the CRL is not its issuer's (a
 * certificate of another CA). The issuer is recognised by its name's values: crJSON gives the name
 * as short keys (CN, O…), the CRL as attribute OIDs, and the values are what both carry alike.
 */
export function revocationFromCrl(crl: GatewayCrl, signer: CertificateDetails, crlUrl: string, now: Date = new Date()): RevocationCheck | null {
  if (!signer.serialNumber) return null;
  const issuerValues = Object.values(signer.issuer).sort();
  if (issuerValues.length === 0 || JSON.stringify(issuerValues) !== JSON.stringify(crl.issuerValues)) return null;
  const checkedAt = crl.thisUpdate.toISOString();
  if (crl.nextUpdate && crl.nextUpdate.getTime() < now.getTime()) {
    return { status: 'not_checked', source: 'gateway', responder: crlUrl, checkedAt: null, revokedAt: null, reason: `The gateway's CRL is out of date (its next update was due ${crl.nextUpdate.toISOString()}).` };
  }
  const revokedAt = crl.revoked.get(normalSerial(signer.serialNumber));
  if (revokedAt) return { status: 'revoked', source: 'gateway', responder: crlUrl, checkedAt, revokedAt: revokedAt.toISOString(), reason: null };
  return { status: 'good', source: 'gateway', responder: crlUrl, checkedAt, revokedAt: null, reason: null };
}

/** What the browser says of a signer whose revocation it could not check: by the gateway's CRL, or by the OCSP it does not ask. */
export function revocationNotChecked(source: 'gateway' | 'ocsp', reason: string): RevocationCheck {
  return { status: 'not_checked', source, responder: null, checkedAt: null, revokedAt: null, reason };
}
