/**
 * Checks a certificate chain and private key someone brings to sign with, before anything is
 * stored, and says what is wrong in words: the key does not match, the certificate is expired or
 * not yet valid, it lacks a C2PA-compatible extended key usage or the digitalSignature key usage,
 * the chain is out of order, or the first certificate is a CA's. Validators would reject manifests
 * signed with any of these, so they are refused at upload.
 */
import 'reflect-metadata';
import { createPrivateKey, webcrypto, X509Certificate, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { algorithmForKey, type SigningAlgorithm } from './algorithms.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/** Extended key usages the C2PA certificate profile accepts for claim signing. */
const C2PA_EXTENDED_KEY_USAGES = new Set([
  '1.3.6.1.4.1.62558.2.1', // c2pa-kp-claimSigning
  '1.3.6.1.5.5.7.3.4', // id-kp-emailProtection
  '1.3.6.1.5.5.7.3.36', // id-kp-documentSigning
]);

export type SigningCertificateProblem =
  | 'unreadable_chain'
  | 'unreadable_key'
  | 'unsupported_algorithm'
  | 'key_mismatch'
  | 'expired'
  | 'not_yet_valid'
  | 'missing_eku'
  | 'missing_key_usage'
  | 'chain_order'
  | 'ca_leaf';

export class SigningCertificateError extends Error {
  constructor(
    readonly problem: SigningCertificateProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SigningCertificateError';
  }
}

export interface CheckedSigningCertificate {
  alg: SigningAlgorithm;
  /** PEM, leaf first, as given (whitespace normalised). */
  certificateChainPem: string;
  subject: string;
  issuer: string;
  /** Lowercase hex. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

export async function checkSigningCertificate(certificateChainPem: string, privateKeyPem: string, now: Date = new Date()): Promise<CheckedSigningCertificate> {
  const blocks = certificateChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  let chain: x509.X509Certificate[];
  try {
    chain = blocks.map((block) => new x509.X509Certificate(block));
  } catch {
    chain = [];
  }
  if (chain.length === 0) throw new SigningCertificateError('unreadable_chain', 'The certificate chain could not be read: expected PEM certificates, the signing certificate first.');
  let key: KeyObject;
  try {
    key = createPrivateKey(privateKeyPem);
  } catch {
    throw new SigningCertificateError('unreadable_key', 'The private key could not be read: expected a PEM private key (PKCS#8).');
  }
  const leaf = chain[0]!;
  const basic = leaf.getExtension(x509.BasicConstraintsExtension);
  if (basic?.ca) throw new SigningCertificateError('ca_leaf', 'The first certificate is a CA certificate; put the signing (end-entity) certificate first.');
  const alg = algorithmForKey(key);
  if (!alg) throw new SigningCertificateError('unsupported_algorithm', 'The key is of a kind the gateway does not sign with; use ES256, ES384, ES512, PS256 or Ed25519.');
  if (!new X509Certificate(leaf.toString('pem')).checkPrivateKey(key)) {
    throw new SigningCertificateError('key_mismatch', 'The private key does not match the signing certificate (the first in the chain).');
  }
  for (const [index, certificate] of chain.entries()) {
    const which = index === 0 ? 'The signing certificate' : `Certificate ${index + 1} of the chain`;
    if (certificate.notAfter.getTime() < now.getTime()) throw new SigningCertificateError('expired', `${which} expired on ${certificate.notAfter.toISOString()}.`);
    if (certificate.notBefore.getTime() > now.getTime()) throw new SigningCertificateError('not_yet_valid', `${which} is not valid until ${certificate.notBefore.toISOString()}.`);
  }
  const ekus = leaf.getExtension(x509.ExtendedKeyUsageExtension)?.usages.map(String) ?? [];
  if (!ekus.some((usage) => C2PA_EXTENDED_KEY_USAGES.has(usage))) {
    throw new SigningCertificateError('missing_eku', 'The signing certificate has no C2PA-compatible extended key usage (C2PA claim signing, document signing or email protection).');
  }
  const keyUsage = leaf.getExtension(x509.KeyUsagesExtension);
  if (!keyUsage || (keyUsage.usages & x509.KeyUsageFlags.digitalSignature) === 0) {
    throw new SigningCertificateError('missing_key_usage', 'The signing certificate lacks the digitalSignature key usage.');
  }
  for (let index = 0; index + 1 < chain.length; index++) {
    const [child, parent] = [chain[index]!, chain[index + 1]!];
    const signedByParent = child.issuer === parent.subject && (await child.verify({ publicKey: parent, signatureOnly: true }).catch(() => false));
    if (!signedByParent) {
      throw new SigningCertificateError('chain_order', `The chain is out of order: certificate ${index + 1} was not issued by certificate ${index + 2}. Give the signing certificate first, then each issuer in turn.`);
    }
  }
  return {
    alg,
    certificateChainPem: `${chain.map((certificate) => certificate.toString('pem')).join('\n')}\n`,
    subject: leaf.subject,
    issuer: leaf.issuer,
    serialNumber: leaf.serialNumber.toLowerCase(),
    notBefore: leaf.notBefore,
    notAfter: leaf.notAfter,
  };
}
