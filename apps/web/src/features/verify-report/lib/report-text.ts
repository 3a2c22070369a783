// Plain-language words of the Content Credentials report: the verdict and what it means, the AI
// disclosure, digital source types, ingredient relationships and trust. Pure, so the report and its
// tests read the same sentences.
import type { TSignatureTimestamp, TSignerSummary, TTrustVerdict, TVerificationStatus, TVerifyResponse } from '@provenance/contracts';
import { organizationText } from '@/lib/verification';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

export interface VerdictText {
  /** Only `verified` is presented as verified; any other status is 'Verification Failed'. */
  headline: 'Verified' | 'Verification Failed';
  /** What the status means, in one sentence a reader without C2PA knowledge understands. */
  meaning: string;
  tone: Tone;
}

const VERDICTS: Record<TVerificationStatus, Omit<VerdictText, 'headline'>> = {
  verified: { meaning: 'The Content Credentials are intact and were signed by an organisation on a trust list.', tone: 'success' },
  partial: { meaning: 'The Content Credentials are intact, but no trust list vouches for who signed them.', tone: 'warning' },
  invalid: { meaning: 'The Content Credentials are broken: the file or its manifest changed after signing, or the signature cannot be trusted.', tone: 'danger' },
  unsigned: { meaning: 'This file carries no Content Credentials, so nothing can be said about where it came from.', tone: 'neutral' },
};

/** What a verdict's words depend on besides its status. */
export interface VerdictContext {
  /** The tier that vouched: a file this gateway's own root vouches for is on no trust list, and is not said to be. */
  tier?: TTrustVerdict['tier'];
  /** An unsigned file the repository matched to signed content. */
  recovered?: boolean;
  /** The chain is trusted (chainValid), so a partial verdict is about something else. */
  signerTrusted?: boolean;
}

/**
 * A file with no credentials of its own that the repository matched (`recovered`) is still unsigned,
 * but "nothing can be said about where it came from" would contradict the matching signings shown
 * below it: its meaning says what can be said, and where.
 */
const RECOVERED_MEANING = 'This file carries no Content Credentials of its own, but it matches content that was signed before: who signed it first is shown below, from credentials this gateway holds, not from this file.';
const GATEWAY_MEANING = 'The Content Credentials are intact and were signed through this gateway. No public trust list vouches for the signer, so other validators show these credentials as unrecognised.';

export function verdictText(status: TVerificationStatus, context: VerdictContext = {}): VerdictText {
  const headline = status === 'verified' ? ('Verified' as const) : ('Verification Failed' as const);
  if (status === 'unsigned' && context.recovered) return { headline, ...VERDICTS.unsigned, meaning: RECOVERED_MEANING };
  if (status === 'verified' && context.tier === 'gateway') return { headline, ...VERDICTS.verified, meaning: GATEWAY_MEANING };
  return { headline, ...VERDICTS[status] };
}

/** The verdict in a few words beside the headline, so 'Verification Failed' never stands alone for an intact file. */
export function verdictShortText(status: TVerificationStatus, context: VerdictContext = {}): string {
  switch (status) {
    case 'verified':
      return context.tier === 'gateway' ? 'Intact, signed through this gateway' : 'Intact and signed by a trusted organisation';
    case 'partial':
      return context.signerTrusted ? 'Intact and signed by a trusted signer, but not everything in it is vouched for' : 'Intact, but the signer is not on a trust list';
    case 'invalid':
      return 'Changed or broken since signing';
    case 'unsigned':
      return context.recovered ? 'No Content Credentials in this file; matching signed content found' : 'No Content Credentials';
  }
}

/**
 * A partial verdict in sentences a journalist can act on: what is intact, who signed, which lists
 * do not include them, and what that means. Null for every other status.
 */
export function partialExplanation(result: TVerifyResponse): string[] | null {
  if (result.verification.status !== 'partial') return null;
  const signer = signerDisplayName(result);
  const who = signer ? `“${signer}”` : 'an organisation that does not name itself';
  const intact = 'The file has not changed since it was signed, and its Content Credentials are intact.';
  // A trusted signer in a partial verdict: what failed is something else (the identity the manifest
  // names, or an ingredient's own credentials), and blaming the signer would misdescribe the file.
  if (result.verification.chainValid) {
    const identity = result.report.codes.failure.some((code) => code.code.startsWith('cawg.'));
    return [
      intact,
      `It was signed by ${who}. ${trustText(result.verification.trust)}.`,
      identity
        ? 'But the person or organisation the credentials name as their author (their CAWG identity assertion) is backed by a credential no trust list this gateway uses vouches for: read that name as the signer’s claim, and confirm it with the source before relying on it.'
        : 'But an ingredient (a file this one was made from) carries Content Credentials that did not pass: see Ingredients below.',
    ];
  }
  const sentences = [
    intact,
    `It was signed by ${who}, but that signer is not on the C2PA trust list or on any other trust list this gateway uses.`,
    'So no one independent vouches that the signer is who the credentials say: read who made this and how as the signer’s own claim, and confirm it with the source before relying on it.',
  ];
  const expired = expiredText(result.report.signer, result.report.timestamp);
  if (expired) sentences.push(expired);
  return sentences;
}
/** IPTC digital source types (https://cv.iptc.org/newscodes/digitalsourcetype/) in plain words. */
const SOURCE_TYPES: Record<string, string> = {
  digitalCapture: 'Captured with a camera or recorder',
  negativeFilm: 'Scanned from negative film',
  positiveFilm: 'Scanned from positive film',
  print: 'Scanned from a print',
  minorHumanEdits: 'Captured, with minor human edits',
  humanEdits: 'Edited by a person',
  compositeCapture: 'Composite of captured elements',
  algorithmicallyEnhanced: 'Enhanced by an algorithm',
  dataDrivenMedia: 'Produced from data',
  digitalArt: 'Digital art made by a person',
  digitalCreation: 'Created by a person with digital tools',
  virtualRecording: 'Recorded in a virtual environment',
  compositeSynthetic: 'Composite including synthetic elements',
  trainedAlgorithmicMedia: 'Made by generative AI',
  compositeWithTrainedAlgorithmicMedia: 'Composite including generative AI',
  algorithmicMedia: 'Made by an algorithm',
  screenCapture: 'Screen capture',
  composite: 'Composite',
  'humanEdits/trainedAlgorithmicMedia': 'Edited by a person with generative AI',
};

export function sourceTypeLabel(uri: string): string {
  const name = uri.replace(/^https?:\/\/cv\.iptc\.org\/newscodes\/digitalsourcetype\//, '');
  return SOURCE_TYPES[name] ?? name;
}

export function relationshipLabel(relationship: string | null): string {
  switch (relationship) {
    case 'parentOf':
      return 'Parent';
    case 'componentOf':
      return 'Component';
    case 'inputTo':
      return 'Input';
    default:
      return 'Ingredient';
  }
}

export function relationshipDetail(relationship: string | null): string {
  switch (relationship) {
    case 'parentOf':
      return 'The asset this one was edited from';
    case 'componentOf':
      return 'Placed into this asset';
    case 'inputTo':
      return 'Given to a tool (for example an AI model) that made this asset';
    default:
      return 'Used to make this asset';
  }
}

/** The ingredient verdict in a few words, for tree nodes. */
export function ingredientStatusText(status: TVerificationStatus): string {
  switch (status) {
    case 'verified':
      return 'Credentials verified';
    case 'partial':
      return 'Credentials intact, signer not trusted';
    case 'invalid':
      return 'Credentials failed validation';
    case 'unsigned':
      return 'No Content Credentials';
  }
}

/** Who vouches for the signer: the gateway's words (trust.label), the same on the badge, emails and CLI. */
export function trustText(trust: TTrustVerdict): string {
  return trust.label;
}

/** What a trust tier means for the reader, in one sentence. */
export function trustMeaning(trust: TTrustVerdict): string {
  switch (trust.tier) {
    case 'conformant':
      return 'The C2PA, the body behind Content Credentials, vouches for this signer’s certificate authority.';
    case 'legacy':
      return 'The list was made under an older trust model; its signers are not vetted as the C2PA trust list’s are.';
    case 'custom':
      return 'The operator of this gateway chose to trust this list; other verifiers may not.';
    case 'gateway':
      return 'This gateway signed the file itself; verifiers elsewhere trust it only if they trust this gateway.';
    case 'untrusted':
      return 'No trust list vouches that the signer is who the certificate says.';
  }
}

/**
 * Said when c2pa-rs found the certificate expired: at the time a trusted timestamp attests, the
 * signing itself came too late; without one, the check is against today, and the signature may well
 * have been made while the certificate was valid, nothing proves it.
 */
export function expiredText(signer: TSignerSummary | null, timestamp: TSignatureTimestamp | null): string | null {
  if (!signer?.expired) return null;
  return timestamp?.trusted
    ? 'This certificate had already expired at the time the signature’s timestamp attests, so its signature cannot be relied on.'
    : 'This certificate has expired, and no timestamp from a time-stamping authority shows the signature was made while it was valid, so it can no longer be relied on.';
}

/** Who signed, most specific first: organisation (self-declared, or where this gateway verified it), then the certificate's common name. */
export function signerDisplayName(result: TVerifyResponse): string | null {
  const signer = result.report.signer;
  const organization = signer?.organization ?? null;
  if (!organization && signer?.commonName) return signer.commonName;
  const name = organization ?? result.verification.credentials.organization ?? null;
  const { organizationVerified, organizationDomain } = result.verification.credentials;
  return name ? organizationText(name, organizationVerified, organizationDomain) : null;
}

/** The tool that made the manifest: the first action's software agent, else the claim generator. */
export function toolName(result: TVerifyResponse): string | null {
  return result.verification.credentials.softwareAgent ?? result.report.activeManifest?.claimGenerator ?? null;
}

export function algorithmLabel(algorithm: string | null): string | null {
  return algorithm ? algorithm.toUpperCase() : null;
}

/** EXIF-style GPS values ("51,30.1234N" or "51.5") are shown as the manifest states them. */
export function locationText(location: { latitude: string; longitude: string } | null): string | null {
  return location ? `${location.latitude}, ${location.longitude}` : null;
}

export function deviceText(device: { make: string | null; model: string | null } | null): string | null {
  if (!device) return null;
  const parts = [device.make, device.model].filter((part): part is string => !!part);
  // Many models already start with their maker's name ("Apple iPhone 15").
  if (parts.length === 2 && parts[1]!.toLowerCase().startsWith(parts[0]!.toLowerCase())) return parts[1]!;
  return parts.length > 0 ? parts.join(' ') : null;
}

/** What a redacted assertion held, in words: the labels the product redacts, else the label itself. */
const REDACTED_WORDS: Readonly<Record<string, string>> = {
  'stds.exif': 'camera and location details (EXIF)',
  'c2pa.metadata': 'camera and location details (metadata)',
  'stds.iptc': 'IPTC details, locations included',
};

/** The assertions this manifest removed from earlier ones (C2PA redaction), in words; null when none. */
export function redactionText(redactions: readonly { manifest: string; assertion: string }[]): string | null {
  if (redactions.length === 0) return null;
  const what = [...new Set(redactions.map(({ assertion }) => REDACTED_WORDS[assertion.replace(/__\d+$/, '')] ?? assertion))];
  return `Removed by this signer from earlier credentials: ${what.join('; ')}`;
}

/**
 * When and under which trust lists the verdict was made (verification.evidence), in words: "Checked
 * on … against the trust lists of …" (each list with the day its copy was retrieved); null when the
 * verdict carries no evidence (one made in this browser).
 */
export function evidenceText(evidence: TVerifyResponse['verification']['evidence'], format: (iso: string) => string): string | null {
  if (!evidence) return null;
  const lists = (evidence.trustSnapshot?.lists ?? []).map((list) => (list.retrievedAt ? `${list.name} (retrieved ${format(list.retrievedAt)})` : list.name));
  return `Checked on ${format(evidence.validatedAt)}${lists.length > 0 ? ` against the trust lists of this gateway: ${lists.join(', ')}` : ''}.`;
}
