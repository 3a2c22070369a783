// The signing certificate of each manifest, from c2pa-rs's crJSON view (the browser has no X.509
// parser; c2pa-rs read the certificates already): subject, issuer, validity and serial number, the
// details the report's signer shows, keyed by manifest label as the report builder wants them; and
// the credential of each named actor (CAWG identity assertion) of a manifest, for its revocation.
import type { CertificateDetails } from '@provenance/engine/report';

interface CrJsonCertificate {
  serialNumber?: string;
  issuer?: Record<string, string>;
  subject?: Record<string, string>;
  validity?: { notBefore?: string; notAfter?: string };
}
interface CrJsonManifest {
  label?: string;
  signature?: { certificateInfo?: CrJsonCertificate };
  assertions?: Record<string, { signature?: { certificateInfo?: CrJsonCertificate } } | undefined>;
}

const IDENTITY_LABEL = /^cawg\.identity(__\d+)?$/;

const isoOrUndefined = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

const manifestsOf = (crJson: unknown): CrJsonManifest[] => {
  const manifests = (crJson as { manifests?: CrJsonManifest[] } | null)?.manifests;
  return Array.isArray(manifests) ? manifests : [];
};

function detailsOf(info: CrJsonCertificate | undefined): CertificateDetails | null {
  if (!info?.subject || !info.issuer) return null;
  return {
    subject: info.subject,
    issuer: info.issuer,
    validity: { notBefore: isoOrUndefined(info.validity?.notBefore), notAfter: isoOrUndefined(info.validity?.notAfter) },
    ...(info.serialNumber && { serialNumber: info.serialNumber.toLowerCase() }),
  };
}

export function certificatesFromCrJson(crJson: unknown): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  for (const manifest of manifestsOf(crJson)) {
    const certificate = detailsOf(manifest.signature?.certificateInfo);
    if (manifest.label && certificate) details.set(manifest.label, certificate);
  }
  return details;
}

/** The certificate of each named actor's credential in a manifest, by its identity assertion's label. */
export function identityCertificatesFromCrJson(crJson: unknown, manifestLabel: string): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  const manifest = manifestsOf(crJson).find((candidate) => candidate.label === manifestLabel);
  for (const [label, assertion] of Object.entries(manifest?.assertions ?? {})) {
    const certificate = IDENTITY_LABEL.test(label) ? detailsOf(assertion?.signature?.certificateInfo) : null;
    if (certificate) details.set(label, certificate);
  }
  return details;
}

/** Two manifests signed with the same certificate (same subject, issuer and serial number). */
export function sameCertificate(a: CertificateDetails | undefined, b: CertificateDetails | undefined): boolean {
  if (!a || !b || !a.serialNumber) return false;
  return a.serialNumber === b.serialNumber && JSON.stringify(a.subject) === JSON.stringify(b.subject) && JSON.stringify(a.issuer) === JSON.stringify(b.issuer);
}
