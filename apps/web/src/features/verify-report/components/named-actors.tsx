// Who the manifest names as its actors (CAWG identity assertions), apart from the claim signer: each
// organisation or person, who issued the credential it signed with, and its own verdict in words. An
// actor no anchor vouches for leaves the claim as it is, and a claim signer no list vouches for does
// not make a vouched-for actor unconfirmed.
import { BadgeCheck, ShieldAlert, ShieldOff, Users } from 'lucide-react';
import type { TNamedIdentity } from '@provenance/contracts';
import { cn } from '@/lib/utils';
import { Fact, NotStated, ReportSection } from './report-section';

const STATUS_TEXT: Record<TNamedIdentity['status'], string> = {
  trusted: 'Identity confirmed: its credential chains to an identity trust anchor',
  untrusted: 'Identity not confirmed: no identity trust anchor vouches for its credential',
  invalid: 'Identity check failed',
};

function NamedActor({ identity }: { identity: TNamedIdentity }) {
  const Icon = identity.status === 'trusted' ? BadgeCheck : identity.status === 'untrusted' ? ShieldOff : ShieldAlert;
  // Why it failed: c2pa-rs's own failure for this assertion, in the gateway's words.
  const why = identity.status === 'invalid' ? identity.codes.failure.find((code) => code.code !== 'cawg.x509.credential.untrusted')?.explanation : undefined;
  return (
    <li data-testid="named-actor" data-status={identity.status} className="rounded-lg border px-3 py-3">
      <p className="mb-3 flex items-center gap-2 text-sm font-medium">
        <Icon className={cn('size-4 shrink-0', identity.status === 'trusted' ? 'text-success' : 'text-warning')} aria-hidden="true" />
        {STATUS_TEXT[identity.status]}
        {why ? `: ${why}` : null}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact term="Named actor">{identity.name ?? <NotStated />}</Fact>
        <Fact term="Credential issued by">{identity.credentialIssuer ?? <NotStated />}</Fact>
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
