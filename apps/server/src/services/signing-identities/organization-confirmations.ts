// Verifying an account's organisation name by its domain: the account asks for a confirmation mail
// to an address at the domain it set (newsroom@reuters.com for reuters.com); the mail, sent through
// the email outbox, carries a link with a single-use token that expires. Confirming marks the name
// verified, as long as the name and domain are still those the mail was sent for; the managed
// certificate issued next carries the organisation-verified policy (signing-identities.ts). Only
// the token's SHA-256 is stored.
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { organizationConfirmations, organizationProfiles } from '../../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import { oneLine, renderEmail } from '../email/email-layout.ts';
import type { EmailOutbox } from '../email/email-outbox.ts';
import { randomToken, sha256Hex } from '../tokens/opaque-tokens.ts';
import type { OrganizationView, SigningIdentities } from './signing-identities.ts';

/** A link works for a day. */
export const CONFIRMATION_VALID_MS = 24 * 60 * 60 * 1000;
/** At most this many mails per account an hour: the gateway must not become a way to flood a domain's inboxes. */
export const CONFIRMATIONS_PER_HOUR = 5;

export interface OrganizationConfirmations {
  /** Sends a confirmation mail to `email`, which must be at the account's organisation domain. */
  request(userId: string, email: string): Promise<{ sentTo: string; expiresAt: Date }>;
  /** Uses a token from a confirmation mail: the organisation it was sent for is verified. */
  confirm(token: string): Promise<OrganizationView>;
}

export interface OrganizationConfirmationsDeps {
  db: Db;
  identities: Pick<SigningIdentities, 'organizationOf'>;
  /** The email outbox; null when the gateway sends no email (then nothing can be confirmed). */
  outbox: EmailOutbox | null;
  /** The web app's page that confirms a token (the link in the mail). */
  confirmUrlOf: (token: string) => string;
  clock?: (() => Date) | undefined;
}

const invalidToken = (): DomainError =>
  new DomainError('invalid', 'invalid_confirmation_token', 'token is not a valid confirmation link: it is unknown, already used or expired');

export function createOrganizationConfirmations(deps: OrganizationConfirmationsDeps): OrganizationConfirmations {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();

  return {
    async request(userId, email) {
      if (!deps.outbox) throw DomainError.conflict('This gateway sends no email, so an organisation cannot be confirmed.');
      const organization = await deps.identities.organizationOf(userId);
      if (organization.name === null) throw new DomainError('conflict', 'organization_not_set', 'Set an organisation name before confirming it.');
      if (!organization.domain) throw new DomainError('conflict', 'organization_domain_not_set', 'Set the organisation’s domain before confirming it.');
      const address = email.trim();
      const at = address.lastIndexOf('@');
      if (address.slice(at + 1).toLowerCase() !== organization.domain) {
        throw new DomainError('invalid', 'email_not_at_domain', `email must be an address at ${organization.domain}`);
      }
      const started = now();
      const [sent] = await db
        .select({ count: count() })
        .from(organizationConfirmations)
        .where(and(eq(organizationConfirmations.userId, userId), gt(organizationConfirmations.createdAt, new Date(started.getTime() - 60 * 60 * 1000))));
      if ((sent?.count ?? 0) >= CONFIRMATIONS_PER_HOUR) throw DomainError.rateLimited(60 * 60);
      const token = randomToken();
      const expiresAt = new Date(started.getTime() + CONFIRMATION_VALID_MS);
      await db.insert(organizationConfirmations).values({ tokenHash: sha256Hex(token), userId, email: address, name: organization.name, domain: organization.domain, expiresAt, createdAt: started });
      const name = oneLine(organization.name);
      await deps.outbox.enqueue({
        kind: 'organization-confirmation',
        userId,
        to: address,
        ...renderEmail({
          subject: `Confirm the organisation ${oneLine(organization.name, 120)} (self-declared, not verified) on Provenance Gateway`,
          heading: 'Confirm an organisation name',
          paragraphs: [
            `A Provenance Gateway account asks to sign Content Credentials as “${name}”, a name it declared itself and nobody has verified, and names ${organization.domain} as that organisation’s domain.`,
            `If you speak for ${organization.domain} and this account is yours to vouch for, open the link below: its signatures will then say the name was verified by an address at ${organization.domain}. The link works once, until ${expiresAt.toISOString()}.`,
            'If you do not know this account, ignore this email: nothing changes.',
          ],
          facts: [
            ['Organisation (self-declared, not verified)', name],
            ['Domain', organization.domain],
          ],
          links: [{ label: 'Confirm the organisation', url: deps.confirmUrlOf(token) }],
        }),
      });
      return { sentTo: address, expiresAt };
    },

    async confirm(token) {
      const confirmedAt = now();
      const userId = await db.transaction(async (tx) => {
        // Used in the same statement that finds it, so two uses at once cannot both succeed.
        const [used] = await tx
          .update(organizationConfirmations)
          .set({ usedAt: confirmedAt })
          .where(and(eq(organizationConfirmations.tokenHash, sha256Hex(token)), isNull(organizationConfirmations.usedAt), gt(organizationConfirmations.expiresAt, confirmedAt)))
          .returning();
        if (!used) throw invalidToken();
        // The name and domain must still be those the mail was sent for.
        const verified = await tx
          .update(organizationProfiles)
          .set({ verifiedAt: confirmedAt, verifiedEmail: used.email, updatedAt: confirmedAt })
          .where(and(eq(organizationProfiles.userId, used.userId), eq(organizationProfiles.name, used.name), eq(organizationProfiles.domain, used.domain)))
          .returning({ userId: organizationProfiles.userId });
        if (verified.length === 0) throw new DomainError('conflict', 'organization_changed', 'The organisation name or domain changed since this mail was sent; ask for a new one.');
        return used.userId;
      });
      return deps.identities.organizationOf(userId);
    },
  };
}
