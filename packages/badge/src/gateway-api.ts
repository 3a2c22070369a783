// The two gateway calls the badge makes, cross-origin and without credentials (no cookies, no
// tokens): verify the wrapped media by URL, or check it against the manifest ID the page names for
// it (with its SHA-256 when the page could read it), and report badge views and clicks.
// Answers are read defensively: only the fields the popover shows, only as strings. Which fields
// exist is the verify response contract's; what they hold is checked here, value by value.
import type { TVerifyResponse } from '@provenance/contracts';
import type { AiDisclosure, Status, TrustTier } from './verdict-text.ts';

export interface BadgeVerdict {
  status: Status;
  /** Set for a media check; a gateway that answered none has not checked the picture (unchecked). */
  mediaCheck: MediaCheck | null;
  manifestId: string | null;
  signer: string | null;
  /** The signer named is an organisation nobody checked (credentials.organizationVerified is not true). */
  signerSelfDeclared: boolean;
  /** The domain where the gateway verified the organisation named, when it did. */
  signerVerifiedAt: string | null;
  issuer: string | null;
  signedAt: string | null;
  aiDisclosure: AiDisclosure;
  creator: string | null;
  /** The tier of the list that vouched for the signer (`untrusted` from gateways that do not say). */
  trustTier: TrustTier;
  trustList: string | null;
  /** Who vouches for the signer, in the gateway's words (verification.trust.label); null from gateways that do not say. */
  trustLabel: string | null;
  /** c2pa-rs found the signing certificate expired: at its trusted timestamp's time, or now when there is none. */
  expired: boolean;
  /** The signature carries a trusted timestamp (the time the certificate is judged at). */
  trustedTimestamp: boolean;
  /** Who the manifest names as its actors (verification.identities, CAWG identity assertions), each with its own verdict, apart from the signer. */
  actors: NamedActor[];
  message: string;
}

/** A named actor as the badge shows it: its name and its own verdict. */
export interface NamedActor {
  name: string;
  status: 'trusted' | 'untrusted' | 'invalid' | 'revoked';
}

const ACTOR_STATUSES = ['trusted', 'untrusted', 'invalid', 'revoked'] as const;
const MAX_ACTORS = 8;

/** verification.identities, read value by value: only named actors with a known verdict. */
function parseActors(identities: unknown): NamedActor[] {
  if (!Array.isArray(identities)) return [];
  return identities.slice(0, MAX_ACTORS).flatMap((identity: unknown) => {
    const name = str(field(identity, 'name'));
    const status = ACTOR_STATUSES.find((value) => value === field(identity, 'status'));
    return name && status ? [{ name, status }] : [];
  });
}

/** The media by URL, or the media checked against the manifest named for it (a media check). */
export type VerifyTarget = { assetUrl: string } | { manifestId: string; assetUrl: string; assetSha256?: string };

/** The gateway's answer to a media check: whether the picture carries or is the signed file. */
export interface MediaCheck {
  result: 'matches' | 'mismatch' | 'unchecked';
  message: string;
  /** The signed picture's thumbnail, on the gateway's own origin; null when there is none. */
  thumbnailUrl: string | null;
}
export type BadgeEvent = 'badge_view' | 'badge_click';

const STATUSES: readonly Status[] = ['verified', 'partial', 'invalid', 'unsigned'];
const DISCLOSURES = ['generated', 'ai_edited', 'captured'] as const;
const TIERS: readonly TrustTier[] = ['conformant', 'legacy', 'custom', 'gateway', 'untrusted'];

/**
 * An answer as it may arrive: the contract's field names, any of them missing, and every value
 * unknown until checked. Optional chaining over it is safe for any JSON value.
 */
type Unchecked<T> =
  NonNullable<T> extends readonly unknown[] ? unknown : NonNullable<T> extends object ? { readonly [K in keyof NonNullable<T>]?: Unchecked<NonNullable<T>[K]> } | null : unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : null);
const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

export class BadgeApiError extends Error {
  override readonly name = 'BadgeApiError';
}

const CHECK_RESULTS = ['matches', 'mismatch', 'unchecked'] as const;

/** The media check of an answer; only a thumbnail on the gateway's own origin is kept. */
export function parseMediaCheck(json: unknown, apiOrigin: string): MediaCheck | null {
  const check = field(json, 'mediaCheck');
  const result = CHECK_RESULTS.find((value) => value === field(check, 'result'));
  if (!result) return null;
  const thumbnail = str(field(check, 'thumbnailUrl'));
  let thumbnailUrl: string | null = null;
  try {
    if (thumbnail && new URL(thumbnail).origin === apiOrigin) thumbnailUrl = thumbnail;
  } catch {
    thumbnailUrl = null;
  }
  return { result, message: str(field(check, 'message')) ?? '', thumbnailUrl };
}

export function parseVerdict(json: unknown, apiOrigin = ''): BadgeVerdict {
  const body = (isRecord(json) ? json : null) as Unchecked<TVerifyResponse>;
  const verification = body?.verification;
  const status = STATUSES.find((value) => value === verification?.status);
  if (!status) throw new BadgeApiError('The gateway answered without a verdict');
  const report = body?.report;
  const signer = report?.signer;
  const active = report?.activeManifest;
  const organization = str(signer?.organization);
  const shown = organization ?? str(signer?.commonName) ?? str(verification?.credentials?.organization);
  // A gateway that does not say whether it checked the name did not check it.
  const organizationVerified = verification?.credentials?.organizationVerified === true;
  return {
    status,
    mediaCheck: parseMediaCheck(json, apiOrigin),
    manifestId: str(report?.manifestId),
    signer: shown,
    signerSelfDeclared: shown !== null && (organization !== null || str(signer?.commonName) === null) && !organizationVerified,
    signerVerifiedAt: organizationVerified && organization !== null ? str(verification?.credentials?.organizationDomain) : null,
    issuer: str(signer?.issuer),
    signedAt: str(report?.signedAt),
    aiDisclosure: DISCLOSURES.find((value) => value === active?.aiDisclosure) ?? null,
    creator: str(active?.creator),
    trustTier: TIERS.find((value) => value === verification?.trust?.tier) ?? 'untrusted',
    trustList: str(verification?.trust?.list),
    trustLabel: str(verification?.trust?.label),
    expired: signer?.expired === true,
    trustedTimestamp: report?.timestamp?.trusted === true,
    actors: parseActors(field(verification, 'identities')),
    message: str(body?.badge?.message) ?? '',
  };
}

const pending = new Map<string, Promise<BadgeVerdict>>();

/** One verification per target and page, however many badges show the same asset (and check it against the same manifest). */
export function verifyMedia(apiOrigin: string, target: VerifyTarget): Promise<BadgeVerdict> {
  const key = `${apiOrigin} ${JSON.stringify(target)}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = fetch(`${apiOrigin}/api/v1/verify-content`, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(target),
    }).then(async (response) => {
      if (!response.ok) {
        const message = str(field(field(await response.json().catch(() => null), 'error'), 'message'));
        throw new BadgeApiError(message ?? `The gateway answered ${response.status}`);
      }
      return parseVerdict(await response.json(), apiOrigin);
    });
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

/** Fire and forget: analytics must never break the page or the badge. */
export function track(apiOrigin: string, eventType: BadgeEvent, assetId: string): void {
  try {
    void fetch(`${apiOrigin}/api/v1/track-analytics`, {
      method: 'POST',
      mode: 'cors',
      credentials: 'omit',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ eventType, data: { assetId, userAgent: navigator.userAgent } }),
    }).catch(() => undefined);
  } catch {
    // A page that replaced fetch, or blocks it, simply gets no analytics.
  }
}

/** Forget cached verifications (tests, and pages that swap media in place). */
export function clearVerifyCache(): void {
  pending.clear();
}
