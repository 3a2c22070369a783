/**
 * Builds the verification response from what c2pa-rs reports (its manifest store JSON): the
 * verdict, the trust list that vouched for the signer (from the trust store), the reason and the
 * code it explains (reason-code.ts), the manifests (manifest-summary.ts) and the ingredient tree.
 */
import type { RawCode, RawManifest, RawManifestStore } from '../c2pa/manifest-store.ts';
import { summarise } from './manifest-summary.ts';
import { namedIdentities } from './identities.ts';
import type { CertificateDetails } from './signer-certificates.ts';
import { mostSevere } from './reason-code.ts';
import { organizationVouch, organizationWords, type OrganizationVouch } from './organization-vouch.ts';
import { NOT_ON_ANY_LIST, trustLabel, UNTRUSTED, vouchedBy } from './trust-words.ts';
import { EXPIRED_AT_TIMESTAMP, explainCode } from './validation-codes.ts';
import type { IngredientNode, SignerSummary, TrustLevel, TrustVerdict, ValidationCode, VerificationReport, VerificationStatus, VerifyResponse } from './verification-report.ts';

const MAX_INGREDIENT_DEPTH = 32;

const toCodes = (codes: RawCode[] | undefined): ValidationCode[] =>
  (codes ?? []).map((entry) => ({ code: entry.code, ...(entry.url && { url: entry.url }), explanation: explainCode(entry.code, entry.explanation) }));

const vouchedLabel = (label: string | null, vouchFor: VouchFor): boolean => label !== null && vouchFor(label).tier !== 'untrusted';

function ingredientTree(store: RawManifestStore, manifest: RawManifest, depth: number, seen: Set<string>, vouchFor: VouchFor): IngredientNode[] {
  if (depth >= MAX_INGREDIENT_DEPTH) return [];
  return (manifest.ingredients ?? []).map((ingredient) => {
    const failures = toCodes([...(ingredient.validation_status ?? []), ...(ingredient.validation_results?.activeManifest?.failure ?? [])]).filter(
      (code, index, all) => all.findIndex((other) => other.code === code.code && other.url === code.url) === index && !code.code.endsWith('.untrusted'),
    );
    const label = ingredient.active_manifest ?? null;
    const child = label && !seen.has(label) ? store.manifests?.[label] : undefined;
    // An ingredient judged without anchors when it was signed (the gateway's own earlier manifest in
    // a file it re-signed) is trusted when a list of this verifier vouches for its signer now.
    const trusted =
      (ingredient.validation_results?.activeManifest?.success ?? []).some((code) => code.code === 'signingCredential.trusted') || (!!child && vouchedLabel(label, vouchFor));
    const status: VerificationStatus = !label ? 'unsigned' : failures.length > 0 ? 'invalid' : trusted ? 'verified' : 'partial';
    return {
      title: ingredient.title ?? null,
      format: ingredient.format ?? null,
      relationship: ingredient.relationship ?? null,
      manifestLabel: label,
      status,
      failures,
      thumbnail: ingredient.thumbnail ?? null,
      children: child && label ? ingredientTree(store, child, depth + 1, new Set([...seen, label]), vouchFor) : [],
    };
  });
}

/** The trust list (if any) that vouches for a manifest's signer, by manifest label. */
export type VouchFor = (manifestLabel: string) => TrustVerdict;
const NOBODY: VouchFor = () => UNTRUSTED;

/** One word for a signer no list vouches for, whether c2pa-rs checked trust or not. */
function trustLevelOf(status: VerificationStatus): TrustLevel {
  return status === 'verified' ? 'trusted' : status === 'unsigned' ? 'none' : 'untrusted';
}

const signerName = (signer: SignerSummary | null, form: 'organization' | 'commonName', vouched: OrganizationVouch): string =>
  signer?.[form] ? (form === 'organization' ? `, ${organizationWords(signer.organization!, vouched)},` : ` (${signer.commonName})`) : '';

const onlyUntrustedSigners = (codes: ValidationCode[]): boolean => codes.length > 0 && codes.every((code) => code.code === 'signingCredential.untrusted');

/** The manifest's only failures are of its CAWG identity assertion (the named actor), not of the claim or its signer. */
const onlyIdentityFailures = (codes: ValidationCode[]): boolean => codes.length > 0 && codes.every((code) => code.code.startsWith('cawg.'));

function reasonFor(
  status: VerificationStatus,
  reasonCode: ValidationCode | null,
  failure: ValidationCode[],
  ingredientFailures: ValidationCode[],
  signer: SignerSummary | null,
  verdict: TrustVerdict,
  vouched: OrganizationVouch,
): string {
  switch (status) {
    case 'verified':
      return `The manifest is intact and the signer${signerName(signer, 'organization', vouched)} ${vouchedBy(verdict)}.`;
    case 'partial':
      if (verdict.tier !== 'untrusted' && ingredientFailures.length === 0 && onlyIdentityFailures(failure)) {
        return `The manifest is intact and its signer ${vouchedBy(verdict)}, but the identity it names is not confirmed: ${reasonCode?.explanation ?? failure[0]!.explanation}`;
      }
      if (verdict.tier !== 'untrusted' && onlyUntrustedSigners(ingredientFailures)) {
        return `The manifest is intact and its signer ${vouchedBy(verdict)}, but an ingredient’s signer is ${NOT_ON_ANY_LIST}.`;
      }
      if (verdict.tier !== 'untrusted' && ingredientFailures.length > 0) {
        return `The manifest is intact, but an ingredient’s own Content Credentials failed: ${reasonCode?.explanation ?? ingredientFailures[0]!.explanation}`;
      }
      return `The manifest is intact, but the signer${signerName(signer, 'commonName', vouched)} is ${NOT_ON_ANY_LIST}.`;
    case 'invalid':
      if (reasonCode && !failure.includes(reasonCode)) return `An ingredient’s own Content Credentials failed: ${reasonCode.explanation}`;
      return reasonCode?.explanation ?? 'The Content Credentials failed validation.';
    case 'unsigned':
      return 'No Content Credentials were found in this file.';
  }
}

/** `vouched`: whether the signer's organisation was vouched for (credentials.organizationVerified) and where; else it reads as self-declared. */
export function badgeMessage(status: VerificationStatus, signer: SignerSummary | null, reason: string, verdict: TrustVerdict, ingredientFailures: ValidationCode[], vouched: OrganizationVouch, failure: ValidationCode[] = []): string {
  switch (status) {
    case 'verified':
      return `Content Credentials verified${verdict.tier === 'legacy' ? ' (Legacy)' : ''}${signer?.organization ? `: signed by ${organizationWords(signer.organization, vouched)}` : ''} — signer ${vouchedBy(verdict)}`;
    case 'partial':
      if (verdict.tier !== 'untrusted' && ingredientFailures.length === 0 && onlyIdentityFailures(failure)) return 'Content Credentials intact, but the identity they name is not confirmed';
      if (verdict.tier !== 'untrusted' && onlyUntrustedSigners(ingredientFailures)) return `Content Credentials intact, but an ingredient’s signer is ${NOT_ON_ANY_LIST}`;
      if (verdict.tier !== 'untrusted' && ingredientFailures.length > 0) return 'Content Credentials intact, but an ingredient’s Content Credentials failed';
      return `Content Credentials intact, but the signer is ${NOT_ON_ANY_LIST}`;
    case 'invalid':
      return `Content Credentials invalid: ${reason}`;
    case 'unsigned':
      return 'No Content Credentials found';
  }
}

/** The code the reason explains: the most severe failure, else what makes the verdict what it is. */
function reasonCodeOf(status: VerificationStatus, failure: ValidationCode[], ingredientFailures: ValidationCode[], verdict: TrustVerdict): ValidationCode | null {
  switch (status) {
    case 'unsigned':
      return null;
    case 'verified':
      return { code: 'signingCredential.trusted', explanation: explainCode('signingCredential.trusted') };
    case 'invalid':
      // An active manifest that fails only through an ingredient (its own signer merely untrusted) is
      // explained by the ingredient's failure.
      return mostSevere([...failure, ...ingredientFailures]);
    case 'partial':
      // A vouched-for signer in a partial result: an ingredient is what failed.
      if (verdict.tier !== 'untrusted' && ingredientFailures.length > 0) return mostSevere(ingredientFailures);
      return mostSevere(failure) ?? { code: 'signingCredential.untrusted', explanation: explainCode('signingCredential.untrusted') };
  }
}

/** The manifest label a code's URL points into (self#jumbf=/c2pa/<label>/...). */
function manifestOfCode(code: ValidationCode): string | null {
  return code.url ? (/\/c2pa\/([^/]+)/.exec(code.url)?.[1] ?? null) : null;
}

export function unsignedResponse(format: string): VerifyResponse {
  return responseFrom(null, format, new Map(), NOBODY);
}

export function buildVerifyResponse(store: RawManifestStore, format: string, certificates: Map<string, CertificateDetails>, vouchFor: VouchFor = NOBODY): VerifyResponse {
  return responseFrom(store, format, certificates, vouchFor);
}

function responseFrom(store: RawManifestStore | null, format: string, certificates: Map<string, CertificateDetails>, vouchFor: VouchFor): VerifyResponse {
  const activeLabel = store?.active_manifest ?? null;
  const active = activeLabel ? store?.manifests?.[activeLabel] : undefined;
  const results = store?.validation_results?.activeManifest;
  const success = results?.success ?? [];
  const stamped = activeLabel ? certificates.get(activeLabel)?.timestamp : undefined;
  const timestamp =
    stamped && success.some((code) => code.code === 'timeStamp.validated')
      ? { ...stamped, trusted: success.some((code) => code.code === 'timeStamp.trusted') }
      : null;
  const failure = toCodes(results?.failure).map((code) => (code.code === 'signingCredential.expired' && timestamp?.trusted ? { ...code, explanation: EXPIRED_AT_TIMESTAMP } : code));
  // An ingredient signed under a list this verifier trusts (the gateway's own earlier manifest in a
  // file it re-signed, judged without anchors when it was signed) is not an untrusted signer.
  const ingredientFailures = toCodes((store?.validation_results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas?.failure ?? [])).filter(
    (code) => code.code !== 'signingCredential.untrusted' || !vouchedLabel(manifestOfCode(code), vouchFor),
  );
  const state = store?.validation_state ?? null;
  // c2pa-rs says whether the signer is trusted; the trust store says which list vouched.
  const signerTrusted = state === 'Trusted' || (results?.success ?? []).some((code) => code.code === 'signingCredential.trusted');
  const verdict = signerTrusted && activeLabel ? vouchFor(activeLabel) : UNTRUSTED;

  let status: VerificationStatus;
  if (!store || !active) status = 'unsigned';
  else if (state === 'Invalid') status = 'invalid';
  // verified needs a list that vouches for signers: an anchor of a time-stamping list is not one.
  else if (state === 'Trusted' && verdict.tier !== 'untrusted' && ingredientFailures.length === 0) status = 'verified';
  else status = 'partial';

  // Each check answers from its own codes: a file whose bytes changed after signing still carries a
  // valid signature by a trusted chain, and says so (c2pa-rs reports signingCredential.trusted).
  const trusted = signerTrusted && verdict.tier !== 'untrusted' && !failure.some((code) => code.code.startsWith('signingCredential.'));
  const expired = failure.some((code) => code.code === 'signingCredential.expired');
  // c2pa-rs returns manifests in hash-map order, which changes between reads: active first, then by label.
  const manifests = Object.entries(store?.manifests ?? {})
    .sort(([a], [b]) => (a === activeLabel ? -1 : b === activeLabel ? 1 : a.localeCompare(b)))
    .map(([label, manifest]) => summarise(label, manifest, certificates.get(label), { trusted: label === activeLabel && trusted, expired: label === activeLabel ? expired : null }));
  const activeSummary = manifests.find((manifest) => manifest.label === activeLabel) ?? null;
  const signer = activeSummary?.signer ?? null;
  const signatureFailed = failure.some((code) => code.code.startsWith('claimSignature.'));
  // c2pa-rs 0.92 still checks the signature of a claim whose certificate has expired (an altered one
  // gets claimSignature.mismatch) but no longer says claimSignature.validated when it holds.
  const signatureChecked = success.some((code) => code.code === 'claimSignature.validated') || expired;
  const signatureValid = !!active && !signatureFailed && signatureChecked;
  // A certificate vouches for its name only when it made this claim's signature.
  const vouch: OrganizationVouch = signatureValid ? organizationVouch(signer?.organization ?? null, verdict, activeLabel ? certificates.get(activeLabel) : undefined) : { verified: false, domain: null };
  const reasonCode = reasonCodeOf(status, failure, ingredientFailures, verdict);
  const reason = reasonFor(status, reasonCode, failure, ingredientFailures, signer, verdict, vouch);

  const report: VerificationReport = {
    manifestId: activeLabel,
    format,
    validationState: state,
    reason,
    codes: { success: toCodes(results?.success), informational: toCodes(results?.informational), failure },
    ingredientFailures,
    signer,
    signedAt: activeSummary?.signedAt ?? null,
    timestamp,
    activeManifest: activeSummary,
    manifests,
    ingredients: active && activeLabel ? ingredientTree(store!, active, 0, new Set([activeLabel]), vouchFor) : [],
  };
  const softwareAgent = activeSummary?.actions.find((action) => action.softwareAgent)?.softwareAgent ?? activeSummary?.claimGenerator ?? null;
  return {
    verification: {
      status,
      chainValid: trusted,
      signatureValid,
      trustLevel: trustLevelOf(status),
      trust: { ...verdict, label: trustLabel(verdict) },
      reasonCode: reasonCode?.code ?? null,
      identities: namedIdentities(active, results, activeLabel ? certificates.get(activeLabel)?.identityCredentials : undefined),
      credentials: {
        creator: activeSummary?.creator ?? null,
        organization: signer?.organization ?? null,
        organizationVerified: vouch.verified,
        organizationDomain: vouch.domain,
        softwareAgent,
        aiAssisted: activeSummary?.aiDisclosure === 'generated' || activeSummary?.aiDisclosure === 'ai_edited',
        editHistory: activeSummary?.actions.map((action) => action.label) ?? [],
      },
    },
    badge: { message: badgeMessage(status, signer, reason, verdict, ingredientFailures, vouch, failure) },
    report,
  };
}
