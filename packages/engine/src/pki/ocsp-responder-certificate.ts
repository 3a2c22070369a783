/**
 * A delegated OCSP responder certificate (RFC 6960 4.2.2.2): issued by a CA to sign its OCSP
 * answers in its stead (id-kp-OCSPSigning, id-pkix-ocsp-nocheck), carried inside each answer. A
 * validator that checks a stapled answer to the C2PA certificate profile, as c2pa-rs does, only
 * accepts one signed by such a certificate: an answer signed by the CA itself carries no responder
 * certificate to check and reads as unknown. Short-lived and issued afresh by each process, so its
 * key never needs storing.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, DAY_MS, issuerSigningKey, keyPair, privateKeyPem, serialNumber } from './certificate-authority.ts';

const EKU_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
/** id-pkix-ocsp-nocheck: a validator need not ask about the responder certificate itself (its value is NULL). */
const OCSP_NOCHECK = '1.3.6.1.5.5.7.48.1.5';
const DER_NULL = new Uint8Array([0x05, 0x00]);

export interface OcspResponderCertificate {
  /** DER. */
  certificate: Uint8Array;
  /** PKCS#8 PEM (EC P-256). */
  keyPem: string;
  notAfter: Date;
}

export async function issueOcspResponderCertificate(options: { issuerCertificate: Uint8Array; issuerKeyPem: string; days: number; now?: Date }): Promise<OcspResponderCertificate> {
  const issuer = new x509.X509Certificate(options.issuerCertificate);
  const issuerKey = await issuerSigningKey(options.issuerKeyPem);
  const keys = await keyPair();
  const now = (options.now ?? new Date()).getTime();
  const issuerCn = issuer.subjectName.getField('CN')[0] ?? 'Certificate Authority';
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: [...issuer.subjectName.toJSON().filter((attribute) => !('CN' in attribute)), { CN: [`${issuerCn} OCSP Responder`] }],
    issuer: issuer.subject,
    notBefore: new Date(now - 60 * 60_000),
    notAfter: new Date(now + options.days * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: issuerKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_OCSP_SIGNING], false),
      new x509.Extension(OCSP_NOCHECK, false, DER_NULL),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer),
    ],
  });
  return { certificate: new Uint8Array(certificate.rawData), keyPem: await privateKeyPem(keys.privateKey), notAfter: certificate.notAfter };
}
