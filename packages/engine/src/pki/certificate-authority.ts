/**
 * The certificate-authority pieces every PKI of the project is built from: ES256 keys, positive
 * random serial numbers, a self-signed root CA and an intermediate CA under it. The gateway's local
 * PKI uses them, and so do the test authorities (time-stamping, OCSP) that stand for outside CAs.
 */
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export const CA_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
export const DAY_MS = 86_400_000;

/** A certificate with the key pair it was issued for. */
export interface IssuedCertificate {
  certificate: x509.X509Certificate;
  keys: webcrypto.CryptoKeyPair;
}

/** 16 random bytes, positive, with a non-zero first byte (so no tool pads or trims it). */
export function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x40;
  return bytes.toString('hex');
}

export async function keyPair(): Promise<webcrypto.CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(CA_ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

export async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  // Ends with a newline, as a PEM file should: files are concatenated by operators and tools.
  return `${x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY').trimEnd()}\n`;
}

/** A self-signed root CA valid from a day ago for `days` days, allowed one CA below it. */
export async function createRootCa(name: string, days: number, now = Date.now()): Promise<IssuedCertificate> {
  const keys = await keyPair();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + days * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, keys };
}

/** An intermediate CA issued by `root`, valid from a day ago for `days` days, issuing end-entity certificates only. */
export async function createIntermediateCa(subject: string, root: IssuedCertificate, days: number, now = Date.now()): Promise<IssuedCertificate> {
  const keys = await keyPair();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject,
    issuer: root.certificate.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + days * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: root.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root.keys.publicKey),
    ],
  });
  return { certificate, keys };
}

/** An issuing CA's private key (PKCS#8 PEM, EC P-256) as the key that signs what it issues. */
export function issuerSigningKey(keyPem: string): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(keyPem), CA_ALGORITHM, false, ['sign']);
}

/** An end-entity certificate issued with its key, as the gateway hands one to a signer and stores it. */
export interface IssuedLeafCertificate {
  /** The certificate then its issuer, as a signer sends them. */
  certificateChainPem: string;
  privateKeyPem: string;
  /** Lowercase hex, as the engine reports a signing credential's serial. */
  serialNumber: string;
  subject: string;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
}

export async function issuedLeaf(certificate: x509.X509Certificate, issuer: x509.X509Certificate, privateKey: webcrypto.CryptoKey): Promise<IssuedLeafCertificate> {
  return {
    certificateChainPem: `${certificate.toString('pem').trimEnd()}\n${issuer.toString('pem').trimEnd()}\n`,
    privateKeyPem: await privateKeyPem(privateKey),
    serialNumber: certificate.serialNumber.toLowerCase(),
    subject: certificate.subject,
    issuer: certificate.issuer,
    notBefore: certificate.notBefore,
    notAfter: certificate.notAfter,
  };
}
