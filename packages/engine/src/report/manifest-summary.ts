/**
 * One manifest of the store as the report shows it: its signer (with the certificate's details
 * when node could read them), actions, AI disclosure, creative-work and EXIF facts.
 */
import type { RawManifest } from '../c2pa/manifest-store.ts';
import { AI_SOURCE_TYPES, C2PA_METADATA_LABEL, CAWG_METADATA_LABEL, IPTC_SOURCE_TYPE } from '../manifest/signing-metadata.ts';
import type { CertificateDetails } from './signer-certificates.ts';
import type { ActionSummary, AiDisclosure, ManifestSummary, SignerSummary } from './verification-report.ts';
import { parseRedactionUri } from '../manifest/redaction.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

function humanAction(action: string): string {
  const name = action.replace(/^c2pa\./, '').replace(/[._]/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function actionsOf(manifest: RawManifest): ActionSummary[] {
  const actions: ActionSummary[] = [];
  for (const assertion of manifest.assertions ?? []) {
    if (!assertion.label.startsWith('c2pa.actions') || !isRecord(assertion.data)) continue;
    const list = assertion.data['actions'];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isRecord(entry)) continue;
      const action = asString(entry['action']) ?? 'unknown';
      const agent = entry['softwareAgent'];
      actions.push({
        action,
        label: humanAction(action),
        when: asString(entry['when']),
        softwareAgent: isRecord(agent) ? asString(agent['name']) : asString(agent),
        digitalSourceType: asString(entry['digitalSourceType']),
      });
    }
  }
  return actions;
}

function aiDisclosureOf(actions: ActionSummary[]): AiDisclosure {
  const types = actions.map((action) => action.digitalSourceType).filter((type): type is string => type !== null);
  const ai = types.filter((type) => AI_SOURCE_TYPES.includes(type));
  if (ai.some((type) => type.endsWith('/trainedAlgorithmicMedia') || type.endsWith('/algorithmicMedia'))) {
    const created = actions.find((action) => action.action === 'c2pa.created');
    if (created?.digitalSourceType && AI_SOURCE_TYPES.includes(created.digitalSourceType)) return 'generated';
    return 'ai_edited';
  }
  if (ai.length > 0) return 'ai_edited';
  if (types.includes(IPTC_SOURCE_TYPE + 'digitalCapture')) return 'captured';
  return null;
}

/** The first name of a creator field: a name, a list of names, or schema.org Person objects. */
function firstName(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return isRecord(first) ? asString(first['name']) : asString(first);
}

/**
 * Creator and licence: from the CAWG metadata assertion (Dublin Core) the product writes since
 * November 2026, else from the schema.org CreativeWork assertion earlier files and other products carry.
 */
function creativeWorkOf(manifest: RawManifest): { creator: string | null; license: string | null } {
  const assertions = manifest.assertions ?? [];
  const cawg = assertions.find((entry) => entry.label === CAWG_METADATA_LABEL && isRecord(entry.data) && (entry.data['dc:creator'] !== undefined || entry.data['dc:rights'] !== undefined));
  if (cawg && isRecord(cawg.data)) return { creator: firstName(cawg.data['dc:creator']), license: asString(cawg.data['dc:rights']) };
  const assertion = assertions.find((entry) => entry.label.startsWith('stds.schema-org.CreativeWork'));
  if (!assertion || !isRecord(assertion.data)) return { creator: null, license: null };
  return { creator: firstName(assertion.data['author']), license: asString(assertion.data['license']) };
}

/** Device and place: from the c2pa.metadata assertion (XMP TIFF and EXIF terms) or the older stds.exif one. */
function exifOf(manifest: RawManifest): Pick<ManifestSummary, 'location' | 'device'> {
  const assertion = (manifest.assertions ?? []).find((entry) => entry.label === 'stds.exif' || entry.label === C2PA_METADATA_LABEL);
  if (!assertion || !isRecord(assertion.data)) return { location: null, device: null };
  const data = assertion.data;
  const latitude = asString(data['exif:GPSLatitude']);
  const longitude = asString(data['exif:GPSLongitude']);
  const make = asString(data['tiff:Make']) ?? asString(data['exif:Make']);
  const model = asString(data['tiff:Model']) ?? asString(data['exif:Model']);
  return {
    location: latitude && longitude ? { latitude, longitude } : null,
    device: make || model ? { make, model } : null,
  };
}

/** What the verdict knows of a signer: trusted, and expired (null: judge by the certificate's dates). */
export interface SignerStanding {
  trusted: boolean;
  expired: boolean | null;
}

function signerOf(manifest: RawManifest, certificate: CertificateDetails | undefined, standing: SignerStanding): SignerSummary | null {
  const info = manifest.signature_info;
  if (!info) return null;
  return {
    commonName: certificate?.subject['CN'] ?? info.common_name ?? null,
    // c2pa-rs names the signing certificate's organisation `issuer` in signature_info.
    organization: certificate?.subject['O'] ?? info.issuer ?? null,
    issuer: certificate ? (certificate.issuer['O'] ?? certificate.issuer['CN'] ?? null) : null,
    serialNumber: certificate?.serialNumber ?? info.cert_serial_number ?? null,
    algorithm: info.alg ?? null,
    notBefore: certificate?.validity?.notBefore ?? null,
    notAfter: certificate?.validity?.notAfter ?? null,
    trusted: standing.trusted,
    expired: standing.expired ?? expiredWhenSigned(certificate?.validity?.notAfter, info.time),
    certificateChainPem: certificate?.certificateChainPem ?? [],
  };
}

/** Without c2pa-rs's word (manifests other than the active one): past notAfter at the signing time. */
function expiredWhenSigned(notAfter: string | undefined, signedAt: string | undefined): boolean {
  const end = notAfter ? Date.parse(notAfter) : Number.NaN;
  const at = signedAt ? Date.parse(signedAt) : Number.NaN;
  return !Number.isNaN(end) && !Number.isNaN(at) && at > end;
}

export function summarise(label: string, manifest: RawManifest, certificate: CertificateDetails | undefined, standing: SignerStanding): ManifestSummary {
  const actions = actionsOf(manifest);
  const generator = manifest.claim_generator_info?.[0];
  return {
    label,
    title: manifest.title ?? null,
    format: manifest.format ?? null,
    claimGenerator: manifest.claim_generator ?? (generator?.name ? [generator.name, generator.version].filter(Boolean).join(' ') : null),
    signer: signerOf(manifest, certificate, standing),
    signedAt: manifest.signature_info?.time ?? actions.find((action) => action.when)?.when ?? null,
    ...creativeWorkOf(manifest),
    aiDisclosure: aiDisclosureOf(actions),
    digitalSourceTypes: [...new Set(actions.map((action) => action.digitalSourceType).filter((type): type is string => type !== null))],
    actions,
    assertions: (manifest.assertions ?? []).map((assertion) => assertion.label),
    redactions: (manifest.redactions ?? []).flatMap((uri) => {
      const redaction = parseRedactionUri(uri);
      return redaction ? [{ manifest: redaction.manifest, assertion: redaction.assertion }] : [];
    }),
    ...exifOf(manifest),
    thumbnail: manifest.thumbnail ?? null,
    ingredientCount: manifest.ingredients?.length ?? 0,
  };
}
