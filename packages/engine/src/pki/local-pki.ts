/**
 * The local signing PKI made on first use: a root CA, an intermediate CA and a claim-signing
 * certificate that follows the C2PA certificate profile (digitalSignature key usage, the
 * emailProtection and C2PA claim-signing extended key usages). Kept under one folder with keys
 * readable only by the owner, and never overwritten once made.
 */
// @peculiar/x509 2.x resolves its ASN.1 schemas through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { ORGANIZATION_VERIFIED_POLICY } from '../report/organization-vouch.ts';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from './certificate-authority.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);


const EKU_EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const EKU_C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';

export const PKI_FILES = {
  rootCertificate: 'root-ca.pem',
  rootKey: 'root-ca.key.pem',
  intermediateCertificate: 'intermediate-ca.pem',
  intermediateKey: 'intermediate-ca.key.pem',
  signerCertificate: 'signer.pem',
  signerKey: 'signer.key.pem',
  signerChain: 'signer.chain.pem',
} as const;

export interface LocalPki {
  dir: string;
  rootCertificatePem: string;
  /** Signing certificate then intermediate, as a signer sends them. */
  signerChainPem: string;
  signerKeyPem: string;
  rootCertificatePath: string;
}

export interface PkiSubject {
  organization?: string;
}

/** A certificate as a PEM block ending with a newline, so files made of several blocks concatenate safely. */
function pemBlock(certificate: x509.X509Certificate): string {
  return `${certificate.toString('pem').trimEnd()}\n`;
}

/** PEM text as read from a file made before blocks ended with a newline. */
function endingWithNewline(pem: string): string {
  return pem.endsWith('\n') ? pem : `${pem}\n`;
}

async function issue(): Promise<Record<keyof typeof PKI_FILES, string>> {
  const organization = 'Provenance Gateway Local PKI';
  const now = Date.now();
  // Each installation's CAs carry their own name: a validator (or an operator) holding two
  // installations' roots can tell them apart, and one root never looks like another's.
  const installation = randomBytes(4).toString('hex');
  const rootCa = await createRootCa(`CN=Provenance Gateway Local Root CA ${installation}, O=${organization}`, 20 * 365, now);
  const { certificate: root, keys: rootKeys } = rootCa;
  const { certificate: intermediate, keys: intermediateKeys } = await createIntermediateCa(`CN=Provenance Gateway Intermediate CA ${installation}, O=${organization}`, rootCa, 10 * 365, now);
  const signerKeys = await keyPair();
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: `CN=Provenance Gateway Signer, O=Provenance Gateway, OU=Content Credentials`,
    issuer: intermediate.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 3 * 365 * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: signerKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_EMAIL_PROTECTION, EKU_C2PA_CLAIM_SIGNING], false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(intermediateKeys.publicKey),
      // The gateway names itself: nobody else's name to check (PKIs made before this lack it and read self-declared).
      new x509.CertificatePolicyExtension([ORGANIZATION_VERIFIED_POLICY], false),
    ],
  });
  return {
    rootCertificate: pemBlock(root),
    rootKey: await privateKeyPem(rootKeys.privateKey),
    intermediateCertificate: pemBlock(intermediate),
    intermediateKey: await privateKeyPem(intermediateKeys.privateKey),
    signerCertificate: pemBlock(signer),
    signerKey: await privateKeyPem(signerKeys.privateKey),
    signerChain: `${pemBlock(signer)}${pemBlock(intermediate)}`,
  };
}

/** Read the PKI in `dir`, or null when it has not been made yet. */
export async function readLocalPki(dir: string): Promise<LocalPki | null> {
  try {
    const [rootCertificatePem, signerChainPem, signerKeyPem] = await Promise.all([
      readFile(join(dir, PKI_FILES.rootCertificate), 'utf8'),
      readFile(join(dir, PKI_FILES.signerChain), 'utf8'),
      readFile(join(dir, PKI_FILES.signerKey), 'utf8'),
    ]);
    return { dir, rootCertificatePem: endingWithNewline(rootCertificatePem), signerChainPem: endingWithNewline(signerChainPem), signerKeyPem, rootCertificatePath: join(dir, PKI_FILES.rootCertificate) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Return the PKI in `dir`, making it first if absent. Files are written to a private staging
 * folder and moved into place in one rename, so two processes starting at once never mix halves
 * of two PKIs, and an existing PKI is never overwritten.
 */
export async function ensureLocalPki(dir: string): Promise<{ pki: LocalPki; created: boolean }> {
  const existing = await readLocalPki(dir);
  if (existing) return { pki: existing, created: false };
  const staging = `${dir}.staging-${randomBytes(6).toString('hex')}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const files = await issue();
    for (const [name, content] of Object.entries(files) as [keyof typeof PKI_FILES, string][]) {
      const isKey = name.endsWith('Key');
      await writeFile(join(staging, PKI_FILES[name]), content, { mode: isKey ? 0o600 : 0o644, flag: 'wx' });
    }
    try {
      await rename(staging, dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const pki = await readLocalPki(dir);
  if (!pki) throw new Error(`The local PKI in ${dir} could not be read back after creation.`);
  return { pki, created: true };
}
