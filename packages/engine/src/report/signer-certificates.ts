/**
 * The signing certificate of each manifest, for the report's signer: read from the claim
 * signature's x5chain and parsed with node's X509Certificate (c2pa-rs's crJSON view has them too,
 * but building it costs more than the validation itself), with the time and authority of the
 * signature's RFC 3161 timestamp when it carries one (c2pa-rs says whether that is valid).
 */
import { X509Certificate } from 'node:crypto';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { signatureTimestampToken, signerChain } from '../containers/claim-signature.ts';
import { identityCredentials as identityChains } from '../containers/identity-signature.ts';
import { readTimestampToken } from '../signer/timestamp-token.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { ORGANIZATION_VERIFIED_POLICY } from './organization-vouch.ts';

/** What the report shows of a signing certificate. */
export interface CertificateDetails {
  issuer: Record<string, string>;
  subject: Record<string, string>;
  validity?: { notBefore?: string; notAfter?: string };
  serialNumber?: string;
  /** The certificate policies (OIDs) it names; the report believes this gateway's organisation-verified policy only under its root. */
  policies?: string[];
  /** The DNS names of its subject alternative name (where this gateway verified the organisation). */
  dnsNames?: string[];
  /** The signer's certificate chain as PEM, signing certificate first (evidence an auditor keeps). */
  certificateChainPem?: string[];
  /** The claim signature's timestamp (sigTst2): the time attested and the authority's name. */
  timestamp?: { time: string; authority: string | null };
  /** The earliest notAfter of every certificate in the chain (ms): a verdict on it may change then. */
  chainNotAfter?: number;
  /** The credential of each CAWG identity assertion of the manifest, by assertion label: whom it names and who issued it (report/identities.ts). */
  identityCredentials?: Record<string, IdentityCredentialNames>;
}

function timestampOf(storeBytes: Uint8Array, label: string): CertificateDetails['timestamp'] {
  const token = signatureTimestampToken(storeBytes, label);
  if (!token) return undefined;
  try {
    const { time, authority } = readTimestampToken(token);
    return { time, authority };
  } catch {
    // An unreadable token is c2pa-rs's to report (timeStamp.malformed); the report shows no time.
    return undefined;
  }
}

/** "C=US\nO=Org\nCN=Name" (node's distinguished-name text) as a record. */
function distinguishedName(text: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const separator = line.indexOf('=');
    if (separator > 0) record[line.slice(0, separator)] = line.slice(separator + 1);
  }
  return record;
}

/**
 * This gateway's organisation-verified policy as @peculiar/x509 reads it back: it writes the UUID
 * OID's 128-bit arc correctly (openssl reads it) but reads arcs above 2^53 as hex, so it is compared
 * in the form the library gives.
 */
const VERIFIED_POLICY_AS_READ = new x509.CertificatePolicyExtension(new x509.CertificatePolicyExtension([ORGANIZATION_VERIFIED_POLICY]).rawData).policies[0];

/** The certificate's policy OIDs (node's X509Certificate does not read them); none when it names none or cannot be read. */
export function certificatePolicies(der: Uint8Array): string[] {
  try {
    const policies = new x509.X509Certificate(new Uint8Array(der)).getExtension(x509.CertificatePolicyExtension)?.policies ?? [];
    return policies.map((policy) => (policy === VERIFIED_POLICY_AS_READ ? ORGANIZATION_VERIFIED_POLICY : policy));
  } catch {
    return [];
  }
}

/** "DNS:reuters.com, email:..." (node's text) as its DNS names. */
function dnsNamesOf(certificate: X509Certificate): string[] {
  return (certificate.subjectAltName ?? '')
    .split(', ')
    .filter((name) => name.startsWith('DNS:'))
    .map((name) => name.slice(4));
}

const MAX_KNOWN_CERTIFICATES = 1024;
const knownCertificates = new Map<string, CertificateDetails | null>();

/**
 * The details of a DER certificate. Parsing one costs about half a millisecond and the same few
 * signers sign most assets, so details are remembered by the certificate's bytes.
 */
function certificateDetails(der: Uint8Array): CertificateDetails | null {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  const known = knownCertificates.get(key);
  if (known !== undefined) return known;
  let details: CertificateDetails | null = null;
  try {
    const certificate = new X509Certificate(der);
    details = {
      subject: distinguishedName(certificate.subject),
      issuer: distinguishedName(certificate.issuer),
      validity: { notBefore: new Date(certificate.validFrom).toISOString(), notAfter: new Date(certificate.validTo).toISOString() },
      serialNumber: certificate.serialNumber.toLowerCase(),
      policies: certificatePolicies(der),
      dnsNames: dnsNamesOf(certificate),
    };
  } catch {
    // A certificate node cannot parse only costs the report its details; c2pa-rs judged it already.
  }
  if (knownCertificates.size >= MAX_KNOWN_CERTIFICATES) knownCertificates.clear();
  knownCertificates.set(key, details);
  return details;
}

const knownPem = new Map<string, string | null>();

/** A DER certificate as PEM (remembered by its bytes, like its details). */
function certificatePem(der: Uint8Array): string | null {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  const known = knownPem.get(key);
  if (known !== undefined) return known;
  let pem: string | null = null;
  try {
    pem = new X509Certificate(der).toString().trim();
  } catch {
    // Not a certificate node can read: the report keeps the rest of the chain.
  }
  if (knownPem.size >= MAX_KNOWN_CERTIFICATES) knownPem.clear();
  knownPem.set(key, pem);
  return pem;
}

/** An identity credential's subject and issuer, each its organisation else common name. */
export interface IdentityCredentialNames {
  subject: string | null;
  issuer: string | null;
}

/** The names of each identity assertion's credential, by assertion label; undefined when the manifest has none. */
function identityCredentialsOf(storeBytes: Uint8Array, label: string): Record<string, IdentityCredentialNames> | undefined {
  const found: Record<string, IdentityCredentialNames> = {};
  for (const identity of identityChains(storeBytes, label)) {
    const leaf = identity.chain[0];
    const details = leaf ? certificateDetails(leaf) : null;
    if (details) found[identity.label] = { subject: details.subject.O ?? details.subject.CN ?? null, issuer: details.issuer.O ?? details.issuer.CN ?? null };
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The signing certificate of every manifest in the store, by manifest label. */
export function signerCertificates(storeBytes: Uint8Array | null, store: RawManifestStore): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  if (!storeBytes) return details;
  for (const label of Object.keys(store.manifests ?? {})) {
    const chain = signerChain(storeBytes, label);
    const leaf = chain?.[0];
    const certificate = leaf && certificateDetails(leaf);
    if (!certificate || !chain) continue;
    const timestamp = timestampOf(storeBytes, label);
    const certificateChainPem = chain.map(certificatePem).filter((pem): pem is string => pem !== null);
    const ends = chain.map((der) => Date.parse(certificateDetails(der)?.validity?.notAfter ?? '')).filter((end) => !Number.isNaN(end));
    const chainNotAfter = ends.length > 0 ? Math.min(...ends) : undefined;
    const identityCredentials = identityCredentialsOf(storeBytes, label);
    details.set(label, { ...certificate, certificateChainPem, ...(timestamp && { timestamp }), ...(chainNotAfter !== undefined && { chainNotAfter }), ...(identityCredentials && { identityCredentials }) });
  }
  return details;
}
