/**
 * Builds the verification response from what c2pa-rs reports (its manifest store JSON): the
 * verdict, the signer, the AI disclosure, the actions and the ingredient tree.
 */
import { AI_SOURCE_TYPES, IPTC_SOURCE_TYPE } from '../manifest/signing-metadata.ts';
import type { RawCode, RawManifest, RawManifestStore } from '../c2pa/manifest-store.ts';
import type { CertificateDetails } from './signer-certificates.ts';
import { explainCode } from './validation-codes.ts';
import type {
  ActionSummary,
  AiDisclosure,
  IngredientNode,
  ManifestSummary,
  SignerSummary,
  TrustLevel,
  ValidationCode,
  VerificationReport,
  VerificationStatus,
  VerifyResponse,
} from './verification-report.ts';

const MAX_INGREDIENT_DEPTH = 32;

const toCodes = (codes: RawCode[] | undefined): ValidationCode[] =>
  (codes ?? []).map((entry) => ({ code: entry.code, ...(entry.url && { url: entry.url }), explanation: explainCode(entry.code, entry.explanation) }));

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

function creativeWorkOf(manifest: RawManifest): { creator: string | null; license: string | null } {
  const assertion = (manifest.assertions ?? []).find((entry) => entry.label.startsWith('stds.schema-org.CreativeWork'));
  if (!assertion || !isRecord(assertion.data)) return { creator: null, license: null };
  const author = assertion.data['author'];
  const first = Array.isArray(author) ? author[0] : author;
  return {
    creator: isRecord(first) ? asString(first['name']) : asString(first),
    license: asString(assertion.data['license']),
  };
}

function exifOf(manifest: RawManifest): Pick<ManifestSummary, 'location' | 'device'> {
  const assertion = (manifest.assertions ?? []).find((entry) => entry.label === 'stds.exif' || entry.label === 'c2pa.metadata');
  if (!assertion || !isRecord(assertion.data)) return { location: null, device: null };
  const data = assertion.data;
  const latitude = asString(data['exif:GPSLatitude']);
  const longitude = asString(data['exif:GPSLongitude']);
  const make = asString(data['exif:Make']);
  const model = asString(data['exif:Model']);
  return {
    location: latitude && longitude ? { latitude, longitude } : null,
    device: make || model ? { make, model } : null,
  };
}

function signerOf(manifest: RawManifest, certificate: CertificateDetails | undefined, trusted: boolean): SignerSummary | null {
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
    trusted,
  };
}

function summarise(label: string, manifest: RawManifest, certificate: CertificateDetails | undefined, trusted: boolean): ManifestSummary {
  const actions = actionsOf(manifest);
  const generator = manifest.claim_generator_info?.[0];
  return {
    label,
    title: manifest.title ?? null,
    format: manifest.format ?? null,
    claimGenerator: manifest.claim_generator ?? (generator?.name ? [generator.name, generator.version].filter(Boolean).join(' ') : null),
    signer: signerOf(manifest, certificate, trusted),
    signedAt: manifest.signature_info?.time ?? actions.find((action) => action.when)?.when ?? null,
    ...creativeWorkOf(manifest),
    aiDisclosure: aiDisclosureOf(actions),
    digitalSourceTypes: [...new Set(actions.map((action) => action.digitalSourceType).filter((type): type is string => type !== null))],
    actions,
    assertions: (manifest.assertions ?? []).map((assertion) => assertion.label),
    ...exifOf(manifest),
    thumbnail: manifest.thumbnail ?? null,
    ingredientCount: manifest.ingredients?.length ?? 0,
  };
}

function ingredientTree(store: RawManifestStore, manifest: RawManifest, depth: number, seen: Set<string>): IngredientNode[] {
  if (depth >= MAX_INGREDIENT_DEPTH) return [];
  return (manifest.ingredients ?? []).map((ingredient) => {
    const failures = toCodes([...(ingredient.validation_status ?? []), ...(ingredient.validation_results?.activeManifest?.failure ?? [])]).filter(
      (code, index, all) => all.findIndex((other) => other.code === code.code && other.url === code.url) === index && !code.code.endsWith('.untrusted'),
    );
    const label = ingredient.active_manifest ?? null;
    const child = label && !seen.has(label) ? store.manifests?.[label] : undefined;
    const trusted = (ingredient.validation_results?.activeManifest?.success ?? []).some((code) => code.code === 'signingCredential.trusted');
    const status: VerificationStatus = !label ? 'unsigned' : failures.length > 0 ? 'invalid' : trusted ? 'verified' : 'partial';
    return {
      title: ingredient.title ?? null,
      format: ingredient.format ?? null,
      relationship: ingredient.relationship ?? null,
      manifestLabel: label,
      status,
      failures,
      thumbnail: ingredient.thumbnail ?? null,
      children: child && label ? ingredientTree(store, child, depth + 1, new Set([...seen, label])) : [],
    };
  });
}

const TRUST_LEVEL: Record<VerificationStatus, TrustLevel> = {
  verified: 'trusted',
  partial: 'unknown',
  invalid: 'untrusted',
  unsigned: 'none',
};

function reasonFor(status: VerificationStatus, failures: ValidationCode[], ingredientFailures: ValidationCode[], signer: SignerSummary | null): string {
  switch (status) {
    case 'verified':
      return `The manifest is intact and the signer${signer?.organization ? `, ${signer.organization},` : ''} chains to a trusted root.`;
    case 'partial':
      if (ingredientFailures.length > 0) return `The manifest is intact, but an ingredient’s own Content Credentials failed: ${ingredientFailures[0]!.explanation}`;
      return `The manifest is intact, but the signer${signer?.commonName ? ` (${signer.commonName})` : ''} is not on any trust list.`;
    case 'invalid':
      return failures[0]?.explanation ?? 'The Content Credentials failed validation.';
    case 'unsigned':
      return 'No Content Credentials were found in this file.';
  }
}

function badgeMessage(status: VerificationStatus, signer: SignerSummary | null, reason: string): string {
  switch (status) {
    case 'verified':
      return `Content Credentials verified${signer?.organization ? `: signed by ${signer.organization}` : ''}`;
    case 'partial':
      return 'Content Credentials intact, but the signer is not trusted';
    case 'invalid':
      return `Content Credentials invalid: ${reason}`;
    case 'unsigned':
      return 'No Content Credentials found';
  }
}

export function unsignedResponse(format: string): VerifyResponse {
  return responseFrom(null, format, new Map());
}

export function buildVerifyResponse(store: RawManifestStore, format: string, certificates: Map<string, CertificateDetails>): VerifyResponse {
  return responseFrom(store, format, certificates);
}

function responseFrom(store: RawManifestStore | null, format: string, certificates: Map<string, CertificateDetails>): VerifyResponse {
  const activeLabel = store?.active_manifest ?? null;
  const active = activeLabel ? store?.manifests?.[activeLabel] : undefined;
  const results = store?.validation_results?.activeManifest;
  const failure = toCodes(results?.failure);
  const ingredientFailures = toCodes((store?.validation_results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas?.failure ?? []));
  const state = store?.validation_state ?? null;

  let status: VerificationStatus;
  if (!store || !active) status = 'unsigned';
  else if (state === 'Invalid') status = 'invalid';
  else if (state === 'Trusted' && ingredientFailures.length === 0) status = 'verified';
  else status = 'partial';

  const trusted = state === 'Trusted';
  // c2pa-rs returns manifests in hash-map order, which changes between reads: active first, then by label.
  const manifests = Object.entries(store?.manifests ?? {})
    .sort(([a], [b]) => (a === activeLabel ? -1 : b === activeLabel ? 1 : a.localeCompare(b)))
    .map(([label, manifest]) => summarise(label, manifest, certificates.get(label), label === activeLabel && trusted));
  const activeSummary = manifests.find((manifest) => manifest.label === activeLabel) ?? null;
  const signer = activeSummary?.signer ?? null;
  const reason = reasonFor(status, failure, ingredientFailures, signer);
  const signatureFailed = failure.some((code) => code.code.startsWith('claimSignature.'));
  const signatureValid = !!active && !signatureFailed && (results?.success ?? []).some((code) => code.code === 'claimSignature.validated');

  const report: VerificationReport = {
    manifestId: activeLabel,
    format,
    validationState: state,
    reason,
    codes: { success: toCodes(results?.success), informational: toCodes(results?.informational), failure },
    ingredientFailures,
    signer,
    signedAt: activeSummary?.signedAt ?? null,
    activeManifest: activeSummary,
    manifests,
    ingredients: active && activeLabel ? ingredientTree(store!, active, 0, new Set([activeLabel])) : [],
  };
  const softwareAgent = activeSummary?.actions.find((action) => action.softwareAgent)?.softwareAgent ?? activeSummary?.claimGenerator ?? null;
  return {
    verification: {
      status,
      chainValid: trusted,
      signatureValid,
      trustLevel: TRUST_LEVEL[status],
      credentials: {
        creator: activeSummary?.creator ?? null,
        organization: signer?.organization ?? null,
        softwareAgent,
        aiAssisted: activeSummary?.aiDisclosure === 'generated' || activeSummary?.aiDisclosure === 'ai_edited',
        editHistory: activeSummary?.actions.map((action) => action.label) ?? [],
      },
    },
    badge: { message: badgeMessage(status, signer, reason) },
    report,
  };
}
