// Verification Alerts: when an account's signed content fails verification somewhere (the
// verification.failed account event), its owner gets an email saying what failed, where, what it
// means and where to see the report, if the account's Verification Alerts preference is on. At most
// one alert per asset per hour, counted in the database so every server copy keeps to it.
import { z } from 'zod';
import type { Db } from '../../db/create-db.ts';
import type { Logger } from '../../logging/logger.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import type { AccountEvent, AccountEvents } from '../account-events/account-events.ts';
import type { NotificationPreferences } from '../notifications/notification-preferences.ts';
import { renderEmail, type RenderedEmail } from './email-layout.ts';
import type { EmailOutbox } from './email-outbox.ts';
import { accountRecipient } from './recipients.ts';

/** What a verification.failed event's data carries (the webhooks' payload); unknown fields are kept out of the email. */
const ZFailedVerification = z.object({
  assetId: z.string().min(1).optional(),
  manifestId: z.string().min(1).nullable().optional(),
  status: z.string().min(1),
  title: z.string().nullable().optional(),
  /** The verdict's reason, and the C2PA failure codes behind it. */
  reason: z.string().optional(),
  failureCodes: z.array(z.string()).optional(),
  source: z.string().optional(),
  sourceUrl: z.string().nullable().optional(),
  referrer: z.string().nullable().optional(),
});
type FailedVerification = z.infer<typeof ZFailedVerification>;

export const ALERT_INTERVAL_SECONDS = 60 * 60;

const STATUS_MEANING: Record<string, string> = {
  invalid:
    'The Content Credentials in the file no longer match it: the file was changed after it was signed, or its signature does not check. Someone may be passing around an altered copy of your content under your name.',
  unsigned:
    'The file carried no Content Credentials at all, yet it was matched to your signed asset: a copy whose credentials were stripped is in circulation.',
  partial: 'The file is intact, but the verifier does not trust the certificate it was signed with.',
};

/**
 * The host of a URL or Origin named by whoever asked for the verification, or null: only the host
 * goes into the email (punycode, as URL writes it), never the URL itself, so nobody can have the
 * gateway mail an owner a link or words of their choosing.
 */
function hostOf(value: string | null | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname ? hostname : null;
}

const SOURCE_WORDS: Record<string, string> = { url: 'a file fetched from a URL', upload: 'an uploaded file', manifest: 'a manifest looked up by its ID' };

export interface VerificationAlertsDeps {
  db: Db;
  outbox: EmailOutbox;
  preferences: NotificationPreferences;
  signedAssets: Pick<SignedAssets, 'findByRef'>;
  logger: Logger;
  publicUrl: string;
  intervalSeconds?: number;
}

export interface VerificationAlerts {
  /** Handles one account event; anything but verification.failed is ignored. Resolves with the queued email's ID, if one was. */
  handle(event: AccountEvent): Promise<string | null>;
  listen(accountEvents: AccountEvents): void;
}

function alertEmail(failure: FailedVerification, title: string | null, occurredAt: Date, publicUrl: string): RenderedEmail {
  const name = title ?? failure.manifestId ?? failure.assetId ?? 'your asset';
  const reasons = [...(failure.reason ? [failure.reason] : []), ...(failure.failureCodes ?? []).map((code) => `C2PA status ${code}`)];
  const sourceHost = hostOf(failure.sourceUrl);
  const referrerHost = hostOf(failure.referrer);
  const where = [failure.source && SOURCE_WORDS[failure.source], sourceHost && `on the host ${sourceHost}`, referrerHost && `asked from a page on ${referrerHost}`]
    .filter(Boolean)
    .join(', ');
  const links = [
    ...(failure.manifestId ? [{ label: 'See the verification report', url: new URL(`/v/${encodeURIComponent(failure.manifestId)}`, publicUrl).href }] : []),
    { label: 'Your signed assets', url: new URL('/dashboard', publicUrl).href },
  ];
  return renderEmail({
    subject: `Verification Alert: "${name}" failed verification`,
    heading: 'Your content failed verification',
    paragraphs: [`A copy of "${name}", which you signed with Provenance Gateway, was just verified and the result was ${failure.status}.`, STATUS_MEANING[failure.status] ?? 'The file did not verify as the asset you signed.'],
    facts: [
      ['Asset', name],
      ...(failure.manifestId ? ([['Manifest', failure.manifestId]] as Array<[string, string]>) : []),
      ['Result', failure.status],
      ...(where ? ([['Where', where]] as Array<[string, string]>) : []),
      ['When', occurredAt.toISOString()],
    ],
    ...(reasons.length > 0 && { lists: [{ title: 'Why', items: reasons }] }),
    links,
    footer: `You get this email because Verification Alerts are on for your account (at most one per asset per hour). Turn them off under Settings, Notifications: ${new URL('/settings', publicUrl).href}`,
  });
}

export function createVerificationAlerts(deps: VerificationAlertsDeps): VerificationAlerts {
  const intervalSeconds = deps.intervalSeconds ?? ALERT_INTERVAL_SECONDS;

  async function handle(event: AccountEvent): Promise<string | null> {
    if (event.type !== 'verification.failed') return null;
    const parsed = ZFailedVerification.safeParse(event.data);
    if (!parsed.success) {
      deps.logger.warn('a verification.failed event without the fields an alert needs', { accountId: event.accountId });
      return null;
    }
    const failure = parsed.data;
    const assetKey = failure.assetId ?? failure.manifestId;
    if (!assetKey) return null;
    if (!(await deps.preferences.get(event.accountId)).verificationAlerts) return null;
    const to = await accountRecipient(deps.db, event.accountId);
    if (!to) return null;
    const asset = await deps.signedAssets.findByRef(assetKey);
    // An event naming another account's asset is not this account's to hear of.
    if (asset && asset.userId !== event.accountId) return null;
    const email = alertEmail({ ...failure, manifestId: failure.manifestId ?? asset?.manifestId ?? null }, asset?.title ?? failure.title ?? null, event.occurredAt, deps.publicUrl);
    return deps.outbox.enqueue({
      kind: 'verification-alert',
      userId: event.accountId,
      to,
      ...email,
      throttle: { key: `verification-alert:${asset?.id ?? assetKey}`, seconds: intervalSeconds },
    });
  }

  return {
    handle,
    listen(accountEvents) {
      accountEvents.on(async (event) => {
        await handle(event);
      });
    },
  };
}
