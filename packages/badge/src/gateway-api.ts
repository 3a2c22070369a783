// The two gateway calls the badge makes, cross-origin and without credentials (no cookies, no
// tokens): verify the wrapped media by manifest ID or URL, and report badge views and clicks.
// Answers are read defensively: only the fields the popover shows, only as strings.
import type { AiDisclosure, Status } from './verdict-text.ts';

export interface BadgeVerdict {
  status: Status;
  manifestId: string | null;
  signer: string | null;
  issuer: string | null;
  signedAt: string | null;
  aiDisclosure: AiDisclosure;
  creator: string | null;
  message: string;
}

export type VerifyTarget = { manifestId: string } | { assetUrl: string };
export type BadgeEvent = 'badge_view' | 'badge_click';

const STATUSES: readonly Status[] = ['verified', 'partial', 'invalid', 'unsigned'];
const DISCLOSURES = ['generated', 'ai_edited', 'captured'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : null);
const field = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

export class BadgeApiError extends Error {
  override readonly name = 'BadgeApiError';
}

export function parseVerdict(body: unknown): BadgeVerdict {
  const verification = field(body, 'verification');
  const status = field(verification, 'status');
  if (typeof status !== 'string' || !STATUSES.includes(status as Status)) throw new BadgeApiError('The gateway answered without a verdict');
  const report = field(body, 'report');
  const signer = field(report, 'signer');
  const active = field(report, 'activeManifest');
  const disclosure = field(active, 'aiDisclosure');
  return {
    status: status as Status,
    manifestId: str(field(report, 'manifestId')),
    signer: str(field(signer, 'organization')) ?? str(field(signer, 'commonName')) ?? str(field(field(verification, 'credentials'), 'organization')),
    issuer: str(field(signer, 'issuer')),
    signedAt: str(field(report, 'signedAt')),
    aiDisclosure: DISCLOSURES.find((value) => value === disclosure) ?? null,
    creator: str(field(active, 'creator')),
    message: str(field(field(body, 'badge'), 'message')) ?? '',
  };
}

const pending = new Map<string, Promise<BadgeVerdict>>();

/** One verification per target and page, however many badges show the same asset. */
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
      return parseVerdict(await response.json());
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
