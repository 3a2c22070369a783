/**
 * Issues an account's own claim-signing certificate from the local PKI's intermediate (a managed
 * signing identity): ES256, subject O = the organisation, CN = "<organisation> via Provenance
 * Gateway", the same C2PA certificate profile as the gateway signer, and an AIA pointing at the
 * gateway's OCSP responder so validators can ask whether it was revoked. A certificate issued while the
 * account's organisation name was verified (an address at its domain confirmed) carries the
 * gateway's organisation-verified policy and names the domain (a dNSName) where it was verified; one
 * without them names a self-declared organisation.
 */
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { ORGANIZATION_VERIFIED_POLICY } from '../report/organization-vouch.ts';
import { issuedLeaf, issuerSigningKey, type IssuedLeafCertificate } from './certificate-authority.ts';
import { PKI_FILES } from './local-pki.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const EKU_EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
// id-kp-documentSigning: what CAWG 1.3's X.509 trust model (§8.2.4) asks of an identity credential,
// which this certificate is (the organisation's cawg.identity signature: signer/identity-assertion.ts).
const EKU_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
const EKU_C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
export const GATEWAY_NAME = 'Provenance Gateway';

export interface AccountCertificateRequest {
  organization: string;
  /** The gateway verified the name (an address at the organisation's domain was confirmed). */
  organizationVerified?: boolean;
  /** The domain at which it was verified: named in the certificate (a dNSName) so every report can say where. */
  organizationDomain?: string;
  /** The gateway's OCSP responder, e.g. `${PUBLIC_URL}/api/v1/pki/ocsp`. */
  ocspUrl: string;
  /** Validity in days (default 365); the caller renews before it ends. */
  validityDays?: number;
  now?: Date;
}

/** The account certificate then the intermediate, with its key. */
export type AccountCertificate = IssuedLeafCertificate;

export async function issueAccountCertificate(pkiDir: string, request: AccountCertificateRequest): Promise<AccountCertificate> {
  const [intermediatePem, intermediateKeyPem] = await Promise.all([
    readFile(join(pkiDir, PKI_FILES.intermediateCertificate), 'utf8'),
    readFile(join(pkiDir, PKI_FILES.intermediateKey), 'utf8'),
  ]);
  const intermediate = new x509.X509Certificate(intermediatePem);
  const intermediateKey = await issuerSigningKey(intermediateKeyPem);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const serialBytes = randomBytes(16);
  // Positive, and no leading zero byte, so every reader prints the same hex.
  serialBytes[0] = (serialBytes[0]! & 0x7f) | 0x10;
  const now = (request.now ?? new Date()).getTime();
  const organization = request.organization.trim();
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialBytes.toString('hex'),
    // The JSON form, so an organisation name with commas or equals signs stays one attribute.
    subject: [{ O: [organization] }, { CN: [`${organization} via ${GATEWAY_NAME}`] }],
    issuer: intermediate.subject,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + (request.validityDays ?? 365) * DAY_MS),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: intermediateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_EMAIL_PROTECTION, EKU_DOCUMENT_SIGNING, EKU_C2PA_CLAIM_SIGNING], false),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', request.ocspUrl)] }),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(intermediate),
      ...(request.organizationVerified ? [new x509.CertificatePolicyExtension([ORGANIZATION_VERIFIED_POLICY], false)] : []),
      ...(request.organizationVerified && request.organizationDomain ? [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: request.organizationDomain }], false)] : []),
    ],
  });
  return issuedLeaf(certificate, intermediate, keys.privateKey);
}
