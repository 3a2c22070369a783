// The words the badge uses, kept in one place and in step with the report page: a verdict title per
// status (only `verified` reads as verified), which trust list vouched and what that means, the AI
// disclosure, and dates.

import type { TAiDisclosure, TTrustTier, TVerificationStatus } from '@provenance/contracts';

export type Status = TVerificationStatus;
export type AiDisclosure = TAiDisclosure;
export type TrustTier = TTrustTier;

/** The one phrase for a signer that no trust list vouches for. */
export const NOT_ON_ANY_LIST = 'Not on any trust list';

export const STATUS_TITLE: Record<Status, string> = {
  verified: 'Verified',
  partial: 'Verification Failed',
  invalid: 'Verification Failed',
  unsigned: 'Verification Failed',
};

export const STATUS_SUMMARY: Record<Status, string> = {
  verified: 'Content Credentials intact, signed by a trusted organisation.',
  partial: 'Content Credentials intact, but the signer is not on any trust list.',
  invalid: 'Content Credentials broken: this content changed after it was signed, or the signature is not valid.',
  unsigned: 'No Content Credentials were found for this content.',
};

/** The verdict title: a verified result vouched for by a legacy list is labelled Legacy. */
export function verdictTitle(status: Status, tier: TrustTier): string {
  return status === 'verified' && tier === 'legacy' ? 'Verified (Legacy)' : STATUS_TITLE[status];
}

/**
 * The summary under the title: for a verified result, who vouches for the signer, in the gateway's
 * words (`label`, the same on the report, SVG badge, emails and CLI) when it gives them.
 */
export function verdictSummary(status: Status, tier: TrustTier, list: string | null, label: string | null = null): string {
  if (status !== 'verified') return STATUS_SUMMARY[status];
  if (label) return tier === 'legacy' ? `Legacy — ${label}.` : tier === 'gateway' ? `${label}.` : `Verified — ${label}.`;
  switch (tier) {
    case 'conformant':
      return 'Verified — signer on the C2PA trust list.';
    case 'legacy':
      return `Legacy — signer on ${list ? `the legacy list “${list}”` : 'a legacy list'}, made under an older trust model, not on the C2PA trust list.`;
    case 'custom':
      return `Verified — signer on ${list ? `“${list}”` : 'a trust list'}, a list this gateway is configured to trust.`;
    case 'gateway':
      return 'Verified — signed by this gateway, under its own root.';
    case 'untrusted':
      return STATUS_SUMMARY.verified;
  }
}

/**
 * The "Signed by" fact: an organisation name nobody checked (credentials.organizationVerified not
 * true) is marked self-declared, and one this gateway verified names the domain where, in the words
 * the gateway's report and badge message use.
 */
export function signerText(signer: string | null, selfDeclared: boolean, verifiedAt: string | null = null): string {
  if (!signer) return 'Not stated';
  if (selfDeclared) return `${signer} (self-declared, not verified)`;
  return verifiedAt ? `${signer} (verified at ${verifiedAt})` : signer;
}

/** A named actor (CAWG identity assertion) with its own verdict, in words. */
export function actorText(actor: { name: string; status: 'trusted' | 'untrusted' | 'invalid' | 'revoked' }): string {
  const verdict = { trusted: 'identity confirmed', untrusted: 'identity not confirmed', invalid: 'identity check failed', revoked: 'identity revoked' }[actor.status];
  return `${actor.name} (${verdict})`;
}

/** The "Who vouches" fact: the gateway's words when it gives them, else the list that vouched, or the one phrase for none. */
export function trustListText(tier: TrustTier, list: string | null, label: string | null = null): string {
  if (label) return label;
  if (tier === 'untrusted') return NOT_ON_ANY_LIST;
  if (tier === 'gateway') return 'This gateway’s own root';
  return `${list ?? 'A trust list'}${tier === 'legacy' ? ' (Legacy)' : ''}`;
}

/** The badge's check of the picture against the credentials named for it, when it did not match. */
export type MediaCheckState = 'mismatch' | 'unchecked';

export const MEDIA_CHECK_TITLE: Record<MediaCheckState, string> = {
  mismatch: 'These Content Credentials do not belong to this picture',
  unchecked: 'This picture could not be checked against its credentials',
};

/** The pin's word for a picture that did not match its credentials (pinLabel). */
const MEDIA_CHECK_WORD: Record<MediaCheckState, string> = {
  mismatch: 'they do not belong to this picture',
  unchecked: 'this picture could not be checked against them',
};

/** The letters the pin shows, said first in its accessible name too. */
const VISIBLE_MARK = 'CR';

/**
 * The pin's accessible name: the "CR" the pin shows first (WCAG 2.5.3, label in name: a person who
 * sees "CR" names it to voice control), then what it is, the verdict, and what pressing it does.
 */
export function pinLabel(status: Status | MediaCheckState | 'loading' | 'error'): string {
  if (status === 'loading') return `${VISIBLE_MARK}, Content Credentials: checking`;
  if (status === 'mismatch' || status === 'unchecked') return `${VISIBLE_MARK}, Content Credentials: ${MEDIA_CHECK_WORD[status]}. Show details`;
  if (status === 'error') return `${VISIBLE_MARK}, Content Credentials: could not be checked. Show details`;
  const word = { verified: 'verified', partial: 'signer not on any trust list', invalid: 'invalid', unsigned: 'none found' }[status];
  return `${VISIBLE_MARK}, Content Credentials: ${word}. Show details`;
}

export function aiText(disclosure: AiDisclosure): string {
  switch (disclosure) {
    case 'generated':
      return 'Generated by AI';
    case 'ai_edited':
      return 'Edited with AI';
    case 'captured':
      return 'Captured with a camera';
    default:
      return 'No AI statement';
  }
}

export function formatDate(iso: string | null, locale?: string): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
