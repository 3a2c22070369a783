// The signing certificate of each manifest, from c2pa-rs's crJSON view (the browser has no X.509
// parser; c2pa-rs read the certificates already): subject, issuer, validity and serial number, the
// details the report's signer shows, keyed by manifest label as the report builder wants them.
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
}

const isoOrUndefined = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

export function certificatesFromCrJson(crJson: unknown): Map<string, CertificateDetails> {
  const details = new Map<string, CertificateDetails>();
  const manifests = (crJson as { manifests?: CrJsonManifest[] } | null)?.manifests;
  if (!Array.isArray(manifests)) return details;
  for (const manifest of manifests) {
    const info = manifest.signature?.certificateInfo;
    if (!manifest.label || !info?.subject || !info.issuer) continue;
    details.set(manifest.label, {
      subject: info.subject,
      issuer: info.issuer,
      validity: { notBefore: isoOrUndefined(info.validity?.notBefore), notAfter: isoOrUndefined(info.validity?.notAfter) },
      ...(info.serialNumber && { serialNumber: info.serialNumber.toLowerCase() }),
    });
  }
  return details;
}

/** Two manifests signed with the same certificate (same subject, issuer and serial number). */
export function sameCertificate(a: CertificateDetails | undefined, b: CertificateDetails | undefined): boolean {
  if (!a || !b || !a.serialNumber) return false;
  return a.serialNumber === b.serialNumber && JSON.stringify(a.subject) === JSON.stringify(b.subject) && JSON.stringify(a.issuer) === JSON.stringify(b.issuer);
}
