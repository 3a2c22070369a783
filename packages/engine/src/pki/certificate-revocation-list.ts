/**
 * The certificate revocation list of a certificate authority (RFC 5280): every serial number it
 * revoked, with the time and reason, signed by the CA with a nextUpdate, as DER. Built with
 * @peculiar/x509's CRL generator. Carries the two extensions RFC 5280 §5.2 requires of a conforming
 * CA: the Authority Key Identifier (which key signed it) and a CRL Number that only grows.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export interface RevokedCertificateEntry {
  /** Lowercase hex, as the CA's records keep it. */
  serialNumber: string;
  revokedAt: Date;
  reason: 'keyCompromise' | 'superseded' | 'unspecified';
}

export interface CrlOptions {
  /** The issuing CA's certificate (DER). */
  issuerCertificate: Uint8Array;
  /** Its private key (PKCS#8 PEM, EC P-256 as the local PKI makes it). */
  issuerKeyPem: string;
  revoked: readonly RevokedCertificateEntry[];
  thisUpdate: Date;
  nextUpdate: Date;
  /**
   * The CRL's sequence number; defaults to thisUpdate in milliseconds, which grows with every CRL
   * issued without a counter to keep (CRLs issued in the same millisecond list the same state).
   */
  crlNumber?: number;
}

const REASONS = { keyCompromise: x509.X509CrlReason.keyCompromise, superseded: x509.X509CrlReason.superseded, unspecified: x509.X509CrlReason.unspecified } as const;
const CURVES: Readonly<Record<string, { namedCurve: string; hash: string }>> = {
  'P-256': { namedCurve: 'P-256', hash: 'SHA-256' },
  'P-384': { namedCurve: 'P-384', hash: 'SHA-384' },
  'P-521': { namedCurve: 'P-521', hash: 'SHA-512' },
};

/** The CA's key as WebCrypto takes it, and the ECDSA algorithm of its curve. */
async function signingKeyOf(pem: string, issuer: x509.X509Certificate): Promise<{ key: webcrypto.CryptoKey; algorithm: { name: 'ECDSA'; namedCurve: string; hash: string } }> {
  const curve = (issuer.publicKey.algorithm as { namedCurve?: string }).namedCurve;
  const params = curve ? CURVES[curve] : undefined;
  if (!params) throw new Error('the CRL is signed with an EC key on P-256, P-384 or P-521');
  const algorithm = { name: 'ECDSA' as const, ...params };
  const key = await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(pem), algorithm, false, ['sign']);
  return { key, algorithm };
}

/** The issuer's own Subject Key Identifier when it has one, so the CRL names the key as its certificate does. */
async function authorityKeyIdentifierOf(issuer: x509.X509Certificate): Promise<x509.AuthorityKeyIdentifierExtension> {
  const subjectKeyId = issuer.getExtension(x509.SubjectKeyIdentifierExtension);
  if (subjectKeyId) return new x509.AuthorityKeyIdentifierExtension(subjectKeyId.keyId, false);
  return x509.AuthorityKeyIdentifierExtension.create(issuer.publicKey, false);
}

export async function createCertificateRevocationList(options: CrlOptions): Promise<Uint8Array> {
  const issuer = new x509.X509Certificate(options.issuerCertificate);
  const { key, algorithm } = await signingKeyOf(options.issuerKeyPem, issuer);
  const crl = await x509.X509CrlGenerator.create({
    issuer: issuer.subjectName,
    thisUpdate: options.thisUpdate,
    nextUpdate: options.nextUpdate,
    signingAlgorithm: algorithm,
    signingKey: key,
    entries: options.revoked.map((entry) => ({ serialNumber: entry.serialNumber, revocationDate: entry.revokedAt, reason: REASONS[entry.reason] })),
    extensions: [
      await authorityKeyIdentifierOf(issuer),
      new x509.Extension(id_ce_cRLNumber, false, AsnConvert.serialize(new CRLNumber(options.crlNumber ?? options.thisUpdate.getTime()))),
    ],
  });
  return new Uint8Array(crl.rawData);
}
