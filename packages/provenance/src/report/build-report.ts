/**
 * Builds the verification response from what c2pa-rs reports (its manifest store JSON): the
 * verdict and its reason, the manifests (manifest-summary.ts) and the ingredient tree.
 */
import type { RawCode, RawManifest, RawManifestStore } from '../c2pa/manifest-store.ts';
import { summarise } from './manifest-summary.ts';
import type { CertificateDetails } from './signer-certificates.ts';
import { explainCode } from './validation-codes.ts';
import type { IngredientNode, SignerSummary, TrustLevel, ValidationCode, VerificationReport, VerificationStatus, VerifyResponse } from './verification-report.ts';

const MAX_INGREDIENT_DEPTH = 32;

const toCodes = (codes: RawCode[] | undefined): ValidationCode[] =>
  (codes ?? []).map((entry) => ({ code: entry.code, ...(entry.url && { url: entry.url }), explanation: explainCode(entry.code, entry.explanation) }));

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
