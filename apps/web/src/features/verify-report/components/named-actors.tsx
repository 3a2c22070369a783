// Who the manifest names as its actors (CAWG identity assertions), apart from the claim signer: each
// organisation or person, who issued the credential it signed with, its own verdict in words, and
// whether that credential was revoked. An actor no anchor vouches for, or one whose credential was
// revoked, leaves the claim as it is, and a claim signer no list vouches for does not make a
// vouched-for actor unconfirmed.
import { BadgeCheck, ShieldAlert, ShieldOff, ShieldX, Users } from 'lucide-react';
import type { TNamedIdentity } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { Fact, NotStated, ReportSection } from './report-section';

const STATUS_TEXT: Record<TNamedIdentity['status'], string> = {
  trusted: 'Identity confirmed: its credential chains to an identity trust anchor',
  untrusted: 'Identity not confirmed: no identity trust anchor vouches for its credential',
  invalid: 'Identity check failed',
  revoked: 'Identity revoked: the certificate authority that issued its credential has revoked it',
};

const STATUS_ICON = { trusted: BadgeCheck, untrusted: ShieldOff, invalid: ShieldAlert, revoked: ShieldX } as const;

/** What is known of the credential's revocation, in words. */
function RevocationWords({ revocation }: { revocation: NonNullable<TNamedIdentity['revocation']> }) {
  switch (revocation.status) {
    case 'good':
      return <>Not revoked{revocation.source === 'gateway' ? ' (this gateway’s records)' : ''}</>;
    case 'revoked':
      return <>Revoked{revocation.revokedAt ? <> on <time dateTime={revocation.revokedAt}>{formatDateTime(revocation.revokedAt)}</time></> : null}</>;
    case 'unknown':
    case 'not_checked':
      return <>Not checked{revocation.reason ? `: ${revocation.reason}` : ''}</>;
  }
}

function NamedActor({ identity }: { identity: TNamedIdentity }) {
  const Icon = STATUS_ICON[identity.status];
  // Why it failed: c2pa-rs's own failure for this assertion, in the gateway's words.
  const why = identity.status === 'invalid' ? identity.codes.failure.find((code) => code.code !== 'cawg.x509.credential.untrusted')?.explanation : undefined;
  return (
    <li data-testid="named-actor" data-status={identity.status} className="rounded-lg border px-3 py-3">
      <p className="mb-3 flex items-center gap-2 text-sm font-medium">
        <Icon className={cn('size-4 shrink-0', identity.status === 'trusted' ? 'text-success' : identity.status === 'revoked' ? 'text-destructive' : 'text-warning')} aria-hidden="true" />
        {STATUS_TEXT[identity.status]}
        {why ? `: ${why}` : null}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact term="Named actor">{identity.name ?? <NotStated />}</Fact>
        <Fact term="Credential issued by">{identity.credentialIssuer ?? <NotStated />}</Fact>
        {identity.revocation ? (
          <Fact term="Credential revocation" wide testId="named-actor-revocation">
            <RevocationWords revocation={identity.revocation} />
          </Fact>
        ) : null}
      </dl>
    </li>
  );
}

export function NamedActors({ identities }: { identities: TNamedIdentity[] }) {
  return (
    <ReportSection id="named-actors-title" title="Named actors" icon={<Users />} description="Who the manifest names, each under a credential of their own (CAWG identity assertions), apart from the signer.">
      <ul className="space-y-3">
        {identities.map((identity) => (
          <NamedActor key={identity.label} identity={identity} />
        ))}
      </ul>
    </ReportSection>
  );
}
